#include "methods/methodnames.h"

#include "methods/methodview.h"
#include "methods/methodviews.h"

QString MethodNames::name(attn::Method method)
{
    return tr(MethodViews::of(method).name);
}

QString MethodNames::formula(attn::Method method)
{
    return QString::fromUtf8(MethodViews::of(method).formula);
}
