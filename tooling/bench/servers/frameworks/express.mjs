/** express 5 doing each scenario the idiomatic way (the app: express-app.mjs, shared with webfw.mjs). */
import express from 'express';
import morgan from 'morgan';
import { expressApp, listen } from './express-app.mjs';

listen(expressApp(express, morgan));
