#pragma once

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
/// task cannot be built from disable OK and say why.
class NewTrainingTaskDialog : public QDialog
{
    Q_OBJECT

public:
    explicit NewTrainingTaskDialog(QWidget *parent = nullptr);

    /// The task's name in the interface language ("Previous token", …), e.g. for the preset
    /// resources/sequences/task-<id>.json.
    static QString taskTitle(attn::TrainingTaskKind kind);

    /// Shows the dialog modally; the generated document when the learner presses Create.
    static std::optional<attn::SequenceDocument> ask(QWidget *parent);

    /// The options the fields hold now.
    attn::TrainingTask::Options options() const;
    /// Fills every field from `options`.
    void setOptions(const attn::TrainingTask::Options &options);
    /// The document of options() (valid when problem() is empty).
    attn::SequenceDocument document() const;
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
    QLabel *m_problem = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    /// The option the fields do not show (d_v), kept from the task's defaults.
    attn::TrainingTask::Options m_hidden;
};
