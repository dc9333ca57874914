#pragma once

#include "core/normaliser.h"
#include "core/sequencedocument.h"
#include "core/trainingtask.h"

#include <QDialog>

#include <optional>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QSpinBox;

/// "New training task": choose a built-in task (copy, previous token, first token, associative
/// recall, two heads two jobs, induction), its seed, sizes, position kind (none included, to see
/// why previous token needs positions) and steps; the result is an ordinary sequence document
/// with its examples, held-out examples and training block (attn::TrainingTask::make()). Picking
/// a task fills in its defaults, which reach at least 95% accuracy from seed 1. Settings the
/// task cannot be built from disable OK and say why. "Compare with" asks for a second run of the
/// same document beside the first, differing only in the normaliser (the Training view trains
/// both); the task's own run uses the document's normaliser, softmax.
class NewTrainingTaskDialog : public QDialog
{
    Q_OBJECT

public:
    explicit NewTrainingTaskDialog(QWidget *parent = nullptr);

    /// The task's name in the interface language ("Previous token", …), e.g. for the preset
    /// resources/sequences/task-<id>.json.
    static QString taskTitle(attn::TrainingTaskKind kind);

    /// What Create hands over: the task's document, and the normaliser of a second run to train
    /// beside it (none: train the document alone).
    struct Choice
    {
        attn::SequenceDocument document;
        std::optional<attn::Normaliser> comparison;
    };
    /// Shows the dialog modally, "Compare with" set to `comparison`; the choice when the learner
    /// presses Create.
    static std::optional<Choice> ask(QWidget *parent,
                                     std::optional<attn::Normaliser> comparison = std::nullopt);

    /// The options the fields hold now.
    attn::TrainingTask::Options options() const;
    /// Fills every field from `options`.
    void setOptions(const attn::TrainingTask::Options &options);
    /// The document of options() (valid when problem() is empty).
    attn::SequenceDocument document() const;
    /// The normaliser "Compare with" names; none for "(none)".
    std::optional<attn::Normaliser> comparison() const;
    /// Chooses it; softmax (the task's own) or none choose "(none)".
    void setComparison(std::optional<attn::Normaliser> normaliser);
    /// Why the current settings cannot be built, in the interface language; empty when they can.
    QString problem() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void taskChosen();
    void refresh();

    QComboBox *m_task = nullptr;
    QLabel *m_description = nullptr;
    QFormLayout *m_form = nullptr;
    QSpinBox *m_seed = nullptr;
    QSpinBox *m_vocabulary = nullptr;
    QSpinBox *m_length = nullptr;
    QSpinBox *m_examples = nullptr;
    QSpinBox *m_heldOut = nullptr;
    QSpinBox *m_dModel = nullptr;
    QSpinBox *m_keyDim = nullptr;
    QSpinBox *m_layers = nullptr;
    QSpinBox *m_heads = nullptr;
    QComboBox *m_positions = nullptr;
    QDoubleSpinBox *m_learningRate = nullptr;
    QSpinBox *m_steps = nullptr;
    QComboBox *m_comparison = nullptr;
    QLabel *m_problem = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    /// The option the fields do not show (d_v), kept from the task's defaults.
    attn::TrainingTask::Options m_hidden;
};
