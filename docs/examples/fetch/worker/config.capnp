# workerd's configuration for the API app (`workerd serve worker/config.capnp`); the port is
# 8787 here, and the test writes its own copy with a free port.
using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
  sockets = [ (name = "http", address = "127.0.0.1:8787", http = (), service = "main") ],
);

const worker :Workerd.Worker = (
  modules = [
    (name = "worker.mjs", esModule = embed "worker.mjs"),
    (name = "app.bundle.cjs", commonJsModule = embed "app.bundle.cjs"),
  ],
  compatibilityDate = "2026-11-01",
);
