#include "sequencedocument.h"

#include <algorithm>

namespace attn {

int SequenceDocument::longestExample() const
{
    std::size_t longest = 0;
    for (const SequenceExample &e : examples)
        longest = std::max(longest, e.tokens.size());
    for (const SequenceExample &e : heldOut)
        longest = std::max(longest, e.tokens.size());
    return int(longest);
}

} // namespace attn
