#pragma once

#include <QList>
#include <QString>
#include <QStringList>

/// The stage of the computation a line of the step panel's arithmetic belongs to, in the order
/// of the walkthrough's steps. A value rather than Walkthrough::Step so that the method files
/// (a leaf folder that the walkthrough's bar uses for the method names) need not include the
/// walkthrough; steppanel.cpp checks at compile time that the two agree.
enum class Stage
{
    Always = -1,
    Scores,
    Scaling,
    Exponentials,
    Normalisation,
    WeightedSum
};

/// The step panel's lines of arithmetic, each tagged with the stage it belongs to, so that the
/// walkthrough can show the lines up to its current step.
struct FormulaLines
{
    QStringList text;
    QList<Stage> stages;
    Stage stage = Stage::Always; // the tag of the lines added next

    FormulaLines &operator<<(const QString &line)
    {
        text << line;
        stages << stage;
        return *this;
    }
};
