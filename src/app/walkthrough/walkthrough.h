#pragma once

#include "core/types.h"

#include <QObject>
#include <QString>

#include <optional>

class SceneModel;

/// Predict, then reveal: a walk through the current scene's computation in five steps (scores,
/// scaling and temperature, exponentials, normalisation, weighted sum). Each step can hold its
/// result back until it is revealed, so that a class first guesses which key wins.
///
/// This is only the state. The views read it: the canvas hides weights and the output until
/// their step is revealed, the step table hides the columns of later steps, the formula shows
/// the lines up to the current step, and WalkthroughBar shows the step and its buttons.
///
/// Moving forward goes through the states (1 hidden) → (1 revealed) → (2 hidden) → … →
/// (5 revealed); back goes the same way in reverse. Without holding back, each step is revealed
/// as soon as it is entered.
class Walkthrough : public QObject
{
    Q_OBJECT

public:
    enum Step
    {
        Scores,
        Scaling,
        Exponentials,
        Normalisation,
        WeightedSum
    };
    static constexpr int kStepCount = 5;

    explicit Walkthrough(QObject *parent = nullptr);

    bool isActive() const { return m_active; }
    /// The current step (0-based; meaningful while active).
    int step() const { return m_step; }
    /// Whether the current step's result is on show.
    bool isRevealed() const { return m_revealed; }
    /// Whether a step's result waits for Reveal (the default) or shows at once.
    bool holdsBack() const { return m_holdBack; }

    /// Whether the result of `step` may be shown: every step while inactive; while active the
    /// steps before the current one, and the current one once revealed.
    bool isShown(int step) const;
    /// Whether `step` has been reached (its inputs may be shown): every step while inactive.
    bool isReached(int step) const;
    /// Whether `step` is the current step of an active walkthrough (views highlight it).
    bool isCurrent(int step) const { return m_active && step == m_step; }

    bool canGoBack() const;
    bool canGoForward() const;

    /// The step at which the method's score s (the step table's Score column) appears: the
    /// scores step, except for scaled dot product, whose s = q·k / √d is the scaling step's
    /// result (the scores step shows q·k).
    static int stepOfScore(attn::Method method);
    /// The number the canvas writes beside key `key` for `step`: q·k or s for the scores step,
    /// s/τ, exp(s/τ − max), then the weight. None where the method has no such single number
    /// (multi-head's per-head softmax) or the model has no result. Read from the model.
    static std::optional<double> quantity(const SceneModel &model, int step, int key);
    /// The translated title of a step ("Scores", "Scaling and temperature", …).
    static QString title(int step);

public slots:
    /// Starts at step 1, with its result held back unless holdsBack() is off.
    void start();
    void leave();
    /// Reveals the current step, or moves on to the next one when it is revealed already.
    void forward();
    /// Hides the current step's result, or goes back to the previous step (revealed).
    void back();
    /// Shows the current step's result.
    void reveal();
    /// Goes to the next step directly (its result held back).
    void nextStep();
    void setHoldBack(bool on);

signals:
    void activeChanged(bool active);
    /// The step, the revealed state or the active state changed.
    void changed();
    void holdBackChanged(bool on);

private:
    void set(bool active, int step, bool revealed);

    bool m_active = false;
    int m_step = Scores;
    bool m_revealed = false;
    bool m_holdBack = true;
};
