#pragma once

#include "core/types.h"

#include <QCoreApplication>
#include <QString>

/// The translated names of the score methods, in one place for menus, charts and captions.
/// Each name and formula lives in its method's file (MethodViews); this translates the name.
class MethodNames
{
    Q_DECLARE_TR_FUNCTIONS(MethodNames)

public:
    static QString name(attn::Method method);
    /// The formula in HTML, e.g. "s = q·k / √d".
    static QString formula(attn::Method method);
};
