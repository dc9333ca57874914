#include "methods/methodviews.h"

#include "methods/methodview.h"

#include <array>
#include <cstddef>

// Each defined in its method's file.
extern const MethodView kDotMethod;
extern const MethodView kScaledMethod;
extern const MethodView kCosineMethod;
extern const MethodView kGeneralMethod;
extern const MethodView kAdditiveMethod;
extern const MethodView kMultiHeadMethod;

namespace {

// One row per score method, in the order of attn::Method like the core's kMethods: a new
// method fails to compile until it has its row here and its file.
struct Row
{
    attn::Method method;
    const MethodView *view;
};

constexpr std::array<Row, 6> kViews{{
    {attn::Method::Dot, &kDotMethod},
    {attn::Method::Scaled, &kScaledMethod},
    {attn::Method::Cosine, &kCosineMethod},
    {attn::Method::General, &kGeneralMethod},
    {attn::Method::Additive, &kAdditiveMethod},
    {attn::Method::MultiHead, &kMultiHeadMethod},
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
    return *kViews[static_cast<std::size_t>(method)].view;
}
