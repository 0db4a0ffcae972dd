import { analyzeKeywords, routeOf, sendableMessage } from './routing';

describe('keyword routing (spec 001 §5)', () => {
  it.each(analyzeKeywords)('sends a message containing "%s" to the company analysis, in any case', (keyword) => {
    expect(routeOf(`Please ${keyword} for me`)).toBe('analyze-company');
    expect(routeOf(`PLEASE ${keyword.toUpperCase()} NOW`)).toBe('analyze-company');
  });

  it('finds the keyword inside longer words and phrases', () => {
    expect(routeOf('Can you Analyze MSTR?')).toBe('analyze-company');
    expect(routeOf('start tracking Acme')).toBe('analyze-company');
    expect(routeOf('what are their Bitcoin Holdings')).toBe('analyze-company');
    expect(routeOf('corporate treasury outlook')).toBe('analyze-company');
  });

  it('sends any other message to plain chat', () => {
    expect(routeOf('market overview')).toBe('chat');
    expect(routeOf('how many companies hold bitcoin?')).toBe('chat');
    expect(routeOf('add a company')).toBe('chat');
    expect(routeOf('crypto holding')).toBe('chat');
  });
});

describe('sendable message', () => {
  it('is the trimmed message, or null when blank after trimming', () => {
    expect(sendableMessage('  analyze MSTR \n')).toBe('analyze MSTR');
    expect(sendableMessage('')).toBeNull();
    expect(sendableMessage('   \t\n ')).toBeNull();
  });
});
