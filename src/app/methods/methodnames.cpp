#include "methods/methodnames.h"

#include "methods/methodview.h"
#include "methods/methodviews.h"

QString MethodNames::name(attn::Method method)
{
    return MethodViews::of(method).name();
}

QString MethodNames::formula(attn::Method method)
{
    return MethodViews::of(method).formula();
}
