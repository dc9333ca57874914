#pragma once

#include "core/scene.h"
#include "core/sequencemodel.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

/// "Copy as Python": a short program that rebuilds what the app shows and prints the same numbers,
/// so that a learner can carry on in Python with the scene or the sequence on screen. It is an
/// independent re-implementation of the core's formulas, written to be read (one formula per
/// line, the maximum subtracted where the core subtracts it), not a transliteration of the
/// core's optimisations. Every number is written with the shortest digits that read back as the
/// same double, so that the program starts from exactly the app's numbers. Comments are in the
/// current interface language (tr()). What the program prints is in docs/python-code.md.
class PythonCode
{
    Q_DECLARE_TR_FUNCTIONS(PythonCode)

public:
    /// The library the program uses: NumPy, or PyTorch (float64 tensors).
    enum class Flavour
    {
        NumPy,
        PyTorch
    };

    /// The attention of one query over the scene's keys as the main window computes it: every
    /// score method and normaliser, the temperature, the mask, scale_dim. `normalisedView`: the
    /// window's normalised view is on, so q and the keys are scaled to length 1 first (as
    /// SceneModel does). Prints scores, weights and output (and, for multi-head, every head).
    static QString forScene(const attn::Scene &scene, bool normalisedView = false,
                            Flavour flavour = Flavour::NumPy);

    /// A forward pass of `model` over `tokens` (vocabulary indices), token i at position
    /// firstPosition + i, as the Sequence window runs it. Prints every head's weights, the
    /// logits and the predictions.
    static QString forSequence(const attn::SequenceModel &model, const std::vector<int> &tokens,
                               int firstPosition = 0, Flavour flavour = Flavour::NumPy);

    /// `x` as a Python float literal: the shortest digits that read back as exactly `x`, with
    /// ".0" added to a whole number (so that NumPy makes a float array), "math.inf" and
    /// "math.nan" for the non-finite ones.
    static QString number(double x);

    /// `text` as a Python string literal in double quotes.
    static QString string(const QString &text);
};
