#include "snapshotpolicy.h"

namespace attn {

int SnapshotPolicy::stride(int step) const
{
    int stride = 1;
    // Doubles each time the step passes dense·stride; long long so that it cannot overflow.
    for (long long limit = dense > 0 ? dense : 1; step >= limit && stride < (1 << 29); limit *= 2)
        stride *= 2;
    return stride;
}

} // namespace attn
