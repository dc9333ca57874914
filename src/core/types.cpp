#include "types.h"

#include "methods.h"

#include <cstring>

namespace attn {

const char *methodId(Method method)
{
    return methodInfo(method).id;
}

bool methodFromId(const char *id, Method &out)
{
    for (const MethodInfo &info : kMethods) {
        if (std::strcmp(id, info.id) == 0) {
            out = info.method;
            return true;
        }
    }
    return false;
}

} // namespace attn
