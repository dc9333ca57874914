#pragma once

#include "core/normaliser.h"

#include <QCoreApplication>
#include <QString>

/// The translated names of the normalisers, for the menu, the toolbar, the undo steps and the
/// chart.
class NormaliserNames
{
    Q_DECLARE_TR_FUNCTIONS(NormaliserNames)

public:
    static QString name(attn::Normaliser normaliser);
    /// The name without its gloss ("softmax₁" for "softmax₁ (softmax plus one)"), where room is
    /// short: the toolbar's button, the side-by-side panel's narrow groups.
    static QString shortName(attn::Normaliser normaliser);
};
