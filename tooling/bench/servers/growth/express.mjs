/** express 5 on the growth series (the app: express-app.mjs, shared with webfw.mjs). */
import express from 'express';
import { serve } from './express-app.mjs';

serve(express);
