#include <dlfcn.h>
#include <string.h>
#include "csystemlibrary.h"

void *habit_open_system_library(const char *const *names, size_t count, char *error, size_t error_size) {
    void *handle = NULL;
    for (size_t index = 0; !handle && index < count; index++) handle = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    if (!handle && error_size > 0) {
        const char *why = dlerror();
        strncpy(error, why ? why : names[0], error_size - 1);
        error[error_size - 1] = '\0';
    }
    return handle;
}
