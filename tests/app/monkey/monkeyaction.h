#pragma once

// One random event of the GUI monkey, as data. Everything random about an event is drawn from the
// seed before it runs; what it means (which tip, which box, which shortcut) is resolved against
// the window when it runs. So any subset of a run replays on a fresh window without the random
// generator, which is what the reducer needs.

#include <QtGlobal>

#include <cstdint>
#include <random>

struct MonkeyAction
{
    int kind = 0;              ///< the target's own enumeration of events
    std::uint64_t pick = 0;    ///< chooses among what exists when it runs (a tip, a box, an action)
    std::uint64_t variant = 0; ///< a second choice (a key, a text, an answer to a dialog)
    double x = 0;              ///< in [−1, 1): a direction or a place, scaled by the target
    double y = 0;

    /// `pick` or `variant` reduced to [0, count); 0 when there is nothing to choose from.
    static int choose(std::uint64_t r, qsizetype count) { return count > 0 ? int(r % count) : 0; }

    /// Draws an action whose kind follows `weights` (one per kind). Only the generator's raw
    /// output is used (no std distribution), so that a seed gives the same events everywhere.
    template <class Weights> static MonkeyAction draw(std::mt19937_64 &rng, const Weights &weights)
    {
        std::uint64_t total = 0;
        for (int w : weights)
            total += std::uint64_t(w);
        std::uint64_t r = rng() % total;
        MonkeyAction a;
        for (int w : weights) {
            if (r < std::uint64_t(w))
                break;
            r -= std::uint64_t(w);
            ++a.kind;
        }
        a.pick = rng();
        a.variant = rng();
        a.x = double(rng() >> 11) * 0x1.0p-53 * 2 - 1;
        a.y = double(rng() >> 11) * 0x1.0p-53 * 2 - 1;
        return a;
    }
};
