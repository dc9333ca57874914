#pragma once

#include <atomic>

namespace attn {

/// Set from another thread to stop a long piece of work (reading the largest files): the loops
/// that can take long check it every few thousand steps and stop with ErrorCode::Cancelled,
/// having changed nothing of the caller's. A null pointer: the work cannot be cancelled.
using CancelFlag = std::atomic<bool>;

/// True once `flag` (which may be null) has been set.
inline bool isCancelled(const CancelFlag *flag)
{
    return flag && flag->load(std::memory_order_relaxed);
}

} // namespace attn
