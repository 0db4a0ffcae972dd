import { chatMessageRoute } from '@/lib/chat/route';
import { analyzeCompany } from '@/lib/chat/service';
import { db } from '@/lib/db';

export const dynamic = 'force-dynamic';

/** A company's analysis (spec 001 §7): analysis and companyInfo; 404 with the spec's message when no company is identifiable. */
export const POST = chatMessageRoute(db, (message) => analyzeCompany(db, message));
