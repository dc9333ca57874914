#include "methods/methodviews.h"

#include "methods/additivemethod.h"
#include "methods/cosinemethod.h"
#include "methods/dotmethod.h"
#include "methods/generalmethod.h"
#include "methods/multiheadmethod.h"
#include "methods/scaledmethod.h"

#include <array>
#include <cstddef>

namespace {

// One row per score method, in the order of attn::Method like the core's kMethods: a new
// method fails to compile until it has its row and its file.
struct Row
{
    attn::Method method;
    const MethodView &(*view)();
};

constexpr std::array<Row, 6> kViews{{
    {attn::Method::Dot, &DotMethod::instance},
    {attn::Method::Scaled, &ScaledMethod::instance},
    {attn::Method::Cosine, &CosineMethod::instance},
    {attn::Method::General, &GeneralMethod::instance},
    {attn::Method::Additive, &AdditiveMethod::instance},
    {attn::Method::MultiHead, &MultiHeadMethod::instance},
}};
static_assert(kViews.size() == attn::kMethodCount, "one method view per Method");

constexpr bool viewsInEnumOrder()
{
    for (std::size_t i = 0; i < kViews.size(); ++i) {
        if (static_cast<std::size_t>(kViews[i].method) != i)
            return false;
    }
    return true;
}
static_assert(viewsInEnumOrder(), "kViews follows the order of Method");

} // namespace

const MethodView &MethodViews::of(attn::Method method)
{
    return kViews[static_cast<std::size_t>(method)].view();
}
