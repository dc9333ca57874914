#pragma once

// Runs a MonkeyTarget: events drawn from a seed, the invariants checked after each, seeds one
// after another until a time budget is spent, and on a failure a reducer (delta debugging over
// the recorded events, each subset replayed on a fresh window) that prints the shortest
// sequence it finds that still breaks the same invariant.
//
// Environment: AC_MONKEY_SEED=N replays seed N only; AC_MONKEY_SECONDS=S runs seeds for S seconds
// per window (first seed AC_MONKEY_FIRST_SEED, default 1); AC_MONKEY_EVENTS=E events per seed
// (default 300); AC_MONKEY_TRACE=1 prints every event as it is sent (to find the event a crash
// happened in); AC_MONKEY_PACE_MS=M waits M ms (processing events) after each event.

#include "app/monkey/monkeyaction.h"
#include "app/monkey/monkeyinput.h"
#include "app/monkey/monkeytarget.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QString>
#include <QTextStream>

#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace monkey {

struct Failure
{
    int index = -1; ///< the event after which the invariant broke
    QString what;   ///< "category: detail"
    QString category() const { return what.section(QLatin1Char(':'), 0, 0); }
};

struct Figures
{
    int seeds = 0;
    long long events = 0;
    int dialogsAnswered = 0;
    double seconds = 0;
};

using Factory = std::function<std::unique_ptr<MonkeyTarget>()>;

inline long long envNumber(const char *name, long long fallback)
{
    bool ok = false;
    const long long v = qEnvironmentVariable(name).toLongLong(&ok);
    return ok ? v : fallback;
}

inline std::vector<MonkeyAction> draw(const MonkeyTarget &target, std::uint64_t seed, int count)
{
    std::mt19937_64 rng(seed);
    const std::vector<int> weights = target.weights();
    std::vector<MonkeyAction> out;
    out.reserve(std::size_t(count));
    for (int i = 0; i < count; ++i)
        out.push_back(MonkeyAction::draw(rng, weights));
    return out;
}

inline QString describe(const MonkeyTarget &target, const MonkeyAction &a)
{
    return QStringLiteral("%1 pick=%2 variant=%3 x=%4 y=%5")
        .arg(target.kindName(a.kind))
        .arg(a.pick)
        .arg(a.variant)
        .arg(a.x, 0, 'g', 17)
        .arg(a.y, 0, 'g', 17);
}

/// Sends `actions` to a fresh window from `factory`, checking after each; stops at the first
/// broken invariant (or, with `deadline`, when it passes). `sent` counts the events sent.
inline std::optional<Failure> replay(const Factory &factory,
                                     const std::vector<MonkeyAction> &actions,
                                     ModalAnswerer &answerer, long long *sent = nullptr,
                                     const QElapsedTimer *clock = nullptr, qint64 deadlineMs = 0,
                                     bool trace = false)
{
    std::unique_ptr<MonkeyTarget> target = factory();
    std::optional<Failure> failure;
    if (!target->start()) {
        failure = Failure{-1, QStringLiteral("start: the window was not shown")};
    } else {
        for (int i = 0; i < int(actions.size()); ++i) {
            if (clock && clock->elapsed() > deadlineMs)
                break;
            if (trace) {
                std::fprintf(stderr, "monkey event %d: %s\n", i,
                             qPrintable(describe(*target, actions[std::size_t(i)])));
                std::fflush(stderr);
            }
            answerer.setChoice(actions[std::size_t(i)].variant);
            target->act(actions[std::size_t(i)]);
            QCoreApplication::processEvents();
            // AC_MONKEY_PACE_MS: events as slowly as on a loaded machine, where the window's own
            // timers fire between two events (a finding that needs that pace replays with it).
            if (const int pace = int(envNumber("AC_MONKEY_PACE_MS", 0)); pace > 0) {
                QElapsedTimer waited;
                waited.start();
                while (waited.elapsed() < pace)
                    QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
            }
            answerer.answer();
            if (sent)
                ++*sent;
            const QString broken = target->check();
            if (!broken.isEmpty()) {
                failure = Failure{i, broken};
                break;
            }
        }
    }
    target->finish();
    target.reset();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    QCoreApplication::processEvents();
    return failure;
}

/// Delta debugging (ddmin) over `actions`, which break `category`: keeps removing chunks while
/// what is left still breaks it. At most `budget` replays.
inline std::vector<MonkeyAction> reduce(const Factory &factory, std::vector<MonkeyAction> actions,
                                        const QString &category, ModalAnswerer &answerer,
                                        int budget = 200)
{
    auto fails = [&](const std::vector<MonkeyAction> &subset) {
        if (budget-- <= 0)
            return false;
        const std::optional<Failure> f = replay(factory, subset, answerer);
        return f && f->category() == category;
    };
    std::size_t chunks = 2;
    while (actions.size() >= 2 && budget > 0) {
        const std::size_t size = actions.size();
        const std::size_t chunk = (size + chunks - 1) / chunks;
        bool reduced = false;
        for (std::size_t start = 0; start < size && budget > 0; start += chunk) {
            std::vector<MonkeyAction> rest(actions.begin(), actions.begin() + long(start));
            rest.insert(rest.end(), actions.begin() + long(std::min(size, start + chunk)),
                        actions.end());
            if (!rest.empty() && fails(rest)) {
                actions = std::move(rest);
                chunks = std::max<std::size_t>(chunks - 1, 2);
                reduced = true;
                break;
            }
        }
        if (!reduced) {
            if (chunks >= size)
                break;
            chunks = std::min(size, chunks * 2);
        }
    }
    return actions;
}

/// Runs seeds on windows from `factory` as the environment says (see the top of this file).
/// Returns the first failure's report (seed, event, the reduced sequence), empty when none.
inline QString run(const char *name, const Factory &factory, double defaultSeconds,
                   Figures *figures)
{
    ModalAnswerer answerer;
    const int events = int(envNumber("AC_MONKEY_EVENTS", 300));
    const bool trace = envNumber("AC_MONKEY_TRACE", 0) != 0;
    const bool one = qEnvironmentVariableIsSet("AC_MONKEY_SEED");
    const std::uint64_t first =
        std::uint64_t(one ? envNumber("AC_MONKEY_SEED", 1) : envNumber("AC_MONKEY_FIRST_SEED", 1));
    const double seconds = double(envNumber("AC_MONKEY_SECONDS", qint64(defaultSeconds)));
    QElapsedTimer clock;
    clock.start();
    const qint64 deadline = one ? std::numeric_limits<qint64>::max() : qint64(seconds * 1000);
    QString report;
    for (std::uint64_t seed = first;; ++seed) {
        std::fprintf(stderr, "monkey %s: seed %llu\n", name, (unsigned long long)seed);
        std::fflush(stderr);
        const std::vector<MonkeyAction> actions = draw(*factory(), seed, events);
        const std::optional<Failure> failure =
            replay(factory, actions, answerer, &figures->events, &clock, deadline, trace);
        ++figures->seeds;
        if (failure) {
            QTextStream out(&report);
            out << "monkey " << name << ": seed " << seed << " (AC_MONKEY_SEED=" << seed
                << "), event " << failure->index << ": " << failure->what << "\n";
            if (failure->index >= 0) {
                const std::vector<MonkeyAction> prefix(actions.begin(),
                                                       actions.begin() + failure->index + 1);
                const std::vector<MonkeyAction> minimal =
                    reduce(factory, prefix, failure->category(), answerer);
                const std::unique_ptr<MonkeyTarget> names = factory();
                out << "reduced to " << minimal.size() << " of " << prefix.size() << " events:\n";
                for (const MonkeyAction &a : minimal)
                    out << "  " << describe(*names, a) << "\n";
            }
            break;
        }
        if (one || clock.elapsed() > deadline)
            break;
    }
    figures->seconds = double(clock.elapsed()) / 1000;
    figures->dialogsAnswered = answerer.answered();
    return report;
}

} // namespace monkey
