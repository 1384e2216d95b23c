/** webfw on the growth series: the same app as express.mjs (express-app.mjs), only the import differs. */
import webfw from '@webfw/core';
import { serve } from './express-app.mjs';

serve(webfw);
