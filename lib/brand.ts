export const productName = 'Treasury Intelligence';
export const productTagline = 'Corporate Bitcoin treasury intelligence';
export const supportEmail = 'support@treasury-intelligence.app';
export const betaEmail = 'beta@treasury-intelligence.app';
