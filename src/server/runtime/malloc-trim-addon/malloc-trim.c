// glibc's malloc_trim for the server's idle release (docs/operations.md#memory). glibc gives
// memory back to the system on its own only from the top of its heap; pages wholly free below
// blocks still in use stay resident until malloc_trim returns them. Node has no binding for it.
#include <malloc.h>
#include <node_api.h>

static napi_value trim(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value released;
  // 1 when some memory went back to the system, 0 when there was none to give.
  napi_get_boolean(env, malloc_trim(0) == 1, &released);
  return released;
}

NAPI_MODULE_INIT() {
  napi_value function;
  napi_create_function(env, "trim", NAPI_AUTO_LENGTH, trim, NULL, &function);
  napi_set_named_property(env, exports, "trim", function);
  return exports;
}
