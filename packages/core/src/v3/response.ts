/** The 3.x response prototype: the 4.x one (see ../v4/response.ts) with callable `res.locals` (./locals.ts). */
import { response as response4, type ResponseV4 } from '../v4/response';
import { responseLocalsMember } from './locals';

/** The response prototype every 3.x app's responses inherit from. */
export const response: ResponseV4 = Object.create(response4, responseLocalsMember) as ResponseV4;
