#include "types.h"

#include <cstring>

namespace attn {

namespace {
constexpr const char *kIds[kMethodCount] = {"dot",     "scaled",   "cosine",
                                            "general", "additive", "multihead"};
}

const char *methodId(Method method)
{
    return kIds[int(method)];
}

bool methodFromId(const char *id, Method &out)
{
    for (int i = 0; i < kMethodCount; ++i) {
        if (std::strcmp(id, kIds[i]) == 0) {
            out = Method(i);
            return true;
        }
    }
    return false;
}

} // namespace attn
