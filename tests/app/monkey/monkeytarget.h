#pragma once

// A window the monkey drives: it builds the window fresh, performs one MonkeyAction with real
// events and checks its invariants. One per window kind (main window, Sequence window, Lab).

#include "app/monkey/monkeyaction.h"

#include <QString>
#include <QStringList>

#include <vector>

class MonkeyTarget
{
public:
    virtual ~MonkeyTarget() = default;

    /// The relative frequency of each kind of event; the size is the number of kinds.
    virtual std::vector<int> weights() const = 0;
    /// A short name of a kind, for the printed sequences ("press tip").
    virtual QString kindName(int kind) const = 0;
    /// Builds and shows the window; false when it is not on screen in time.
    virtual bool start() = 0;
    /// Performs one event (or nothing, when it does not apply to the window as it is now).
    virtual void act(const MonkeyAction &action) = 0;
    /// Every invariant after an event; empty when all hold, else "category: what broke" (the
    /// reducer keeps a subset only when it breaks the same category).
    virtual QString check() = 0;
    /// Lets go of anything still held (a mouse button) before the window is destroyed.
    virtual void finish() {}
};
