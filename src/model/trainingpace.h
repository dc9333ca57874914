#pragma once

#include <array>
#include <atomic>

/// Keeps two training runs in step, so that runs compared side by side show the same step
/// however unequal their speeds (sparsemax sorts every row; two threads share two cores with
/// the window). Each run's worker publishes its step count and whether it is running; a run may
/// make its next step only when the other has made at least as many, or is not running (paused,
/// stopped, diverged or gone): neither ever waits for a run that will not move. While both run,
/// their steps differ by at most one; a run paused a step behind the other makes that step
/// (TrainingWorker), so that both stop at the same step. Shared between the two workers' threads.
class TrainingPace
{
public:
    /// `side` is 0 or 1.
    void publish(int side, int step, bool running)
    {
        m_step[std::size_t(side)].store(step);
        m_running[std::size_t(side)].store(running);
    }
    /// Whether run `side`, now at `step`, may make its next step.
    bool mayAdvance(int side, int step) const
    {
        return !running(other(side)) || this->step(other(side)) >= step;
    }
    bool running(int side) const { return m_running[std::size_t(side)].load(); }
    int step(int side) const { return m_step[std::size_t(side)].load(); }
    static int other(int side) { return side == 0 ? 1 : 0; }

private:
    std::array<std::atomic<int>, 2> m_step{};
    std::array<std::atomic<bool>, 2> m_running{};
};
