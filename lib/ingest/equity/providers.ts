import type { IngestConfig } from '../../data-sources/config';
import type { EquityProviderFactory } from './provider';
import { stooqProvider } from './stooq';
import { yahooProvider } from './yahoo';

/** EQUITY_PRICES_PROVIDER → provider. */
export const equityProviders: Readonly<Record<IngestConfig['equity']['provider'], EquityProviderFactory>> = {
  yahoo: yahooProvider,
  stooq: stooqProvider,
};
