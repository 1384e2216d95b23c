/**
 * webfw's 5.x types under the module name `express-serve-static-core` (see params.d.ts for
 * why), one file per concept: globals (the `Express` namespace), params (route parameters,
 * the query), router (handlers, method functions, routers, routes, layers), request,
 * response, application.
 */
/// <reference path="./globals.d.ts" />
/// <reference path="./params.d.ts" />
/// <reference path="./router.d.ts" />
/// <reference path="./request.d.ts" />
/// <reference path="./response.d.ts" />
/// <reference path="./application.d.ts" />
