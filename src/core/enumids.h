#pragma once

#include <cstddef>
#include <string_view>

/// The names an enum's values have in files and on the command line, held as one array of ids
/// in the enum's order (index i names the value i).
namespace attn::enumids {

/// The id of `value`, or "" for a value outside the array.
template <typename Enum, std::size_t N> const char *idOf(Enum value, const char *const (&ids)[N])
{
    const auto i = static_cast<std::size_t>(value);
    return i < N ? ids[i] : "";
}

/// The value whose id is `id`; false, with `out` untouched, when there is none.
template <typename Enum, std::size_t N>
bool fromId(std::string_view id, const char *const (&ids)[N], Enum &out)
{
    for (std::size_t i = 0; i < N; ++i) {
        if (id == ids[i]) {
            out = static_cast<Enum>(i);
            return true;
        }
    }
    return false;
}

/// Whether a table of rows, each naming its enum value in `field`, lists the values in the
/// enum's order, so that the value's number is its row's index.
template <typename Table, typename Field> constexpr bool inEnumOrder(const Table &rows, Field field)
{
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (static_cast<std::size_t>(rows[i].*field) != i)
            return false;
    }
    return true;
}

} // namespace attn::enumids
