import { db } from '@/lib/db';
import { route } from '@/lib/http/route';
import { cryptoRates } from '@/lib/payments/crypto/rates';
import { noStore } from '@/lib/payments/http';

export const GET = route(async () => Response.json(await cryptoRates(db), { headers: noStore }));
