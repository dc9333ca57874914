#include "newtrainingtaskdialog.h"

#include "core/sequencefile.h"
#include "core/trainingsettings.h"
#include "methods/normalisernames.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <limits>

using attn::PositionKind;
using attn::TrainingTask;
using attn::TrainingTaskKind;

namespace {
constexpr PositionKind kPositionKinds[] = {PositionKind::None, PositionKind::Sinusoidal,
                                           PositionKind::Learned, PositionKind::Rotary};

QSpinBox *spinBox(int lo, int hi)
{
    auto *box = new QSpinBox;
    box->setRange(lo, hi);
    box->setAccelerated(true);
    return box;
}
} // namespace

NewTrainingTaskDialog::NewTrainingTaskDialog(QWidget *parent) : QDialog(parent)
{
    m_task = new QComboBox;
    m_task->setObjectName("task");
    for (int k = 0; k < attn::kTrainingTaskCount; ++k)
        m_task->addItem(QString(), k);
    m_description = new QLabel;
    m_description->setObjectName("description");
    m_description->setWordWrap(true);
    m_description->setTextFormat(Qt::PlainText);
    // Long enough for the longest description in either language without resizing the dialog
    // as the task changes.
    m_description->setMinimumHeight(m_description->fontMetrics().lineSpacing() * 5);
    m_description->setAlignment(Qt::AlignTop | Qt::AlignLeft);

    m_seed = spinBox(0, std::numeric_limits<int>::max());
    m_vocabulary = spinBox(2, attn::kMaxVocabulary);
    m_length = spinBox(1, attn::kMaxExampleTokens);
    m_examples = spinBox(1, attn::kMaxExamples);
    m_heldOut = spinBox(0, attn::kMaxExamples);
    m_dModel = spinBox(1, attn::kMaxSequenceDim);
    m_keyDim = spinBox(1, attn::kMaxSequenceDim);
    m_layers = spinBox(1, attn::kMaxSequenceLayers);
    m_heads = spinBox(1, attn::kMaxSequenceHeads);
    m_positions = new QComboBox;
    for (PositionKind kind : kPositionKinds)
        m_positions->addItem(QString(), int(kind));
    m_learningRate = new QDoubleSpinBox;
    m_learningRate->setDecimals(4);
    m_learningRate->setRange(0.0001, 1);
    m_learningRate->setSingleStep(0.005);
    m_steps = spinBox(1, 100000);
    m_steps->setSingleStep(50);
    // The task's document uses softmax (TrainingTask::make() leaves the model's default): the
    // others are what a second run can differ in, those that need no sink first.
    m_comparison = new QComboBox;
    m_comparison->addItem(QString(), -1);
    for (attn::Normaliser n :
         {attn::Normaliser::Softmax1, attn::Normaliser::Sigmoid, attn::Normaliser::Sparsemax})
        m_comparison->addItem(QString(), int(n));
    const std::pair<QWidget *, const char *> names[] = {{m_seed, "seed"},
                                                        {m_vocabulary, "vocabulary"},
                                                        {m_length, "length"},
                                                        {m_examples, "examples"},
                                                        {m_heldOut, "heldOut"},
                                                        {m_dModel, "dModel"},
                                                        {m_keyDim, "keyDim"},
                                                        {m_layers, "layers"},
                                                        {m_heads, "heads"},
                                                        {m_positions, "positions"},
                                                        {m_learningRate, "learningRate"},
                                                        {m_steps, "steps"},
                                                        {m_comparison, "comparison"}};
    for (const auto &[widget, name] : names)
        widget->setObjectName(name);

    m_form = new QFormLayout;
    for (QWidget *field : std::initializer_list<QWidget *>{
             m_task, m_seed, m_vocabulary, m_length, m_examples, m_heldOut, m_dModel, m_keyDim,
             m_layers, m_heads, m_positions, m_learningRate, m_steps, m_comparison}) {
        // The label is the field's buddy, so that its mnemonic moves the focus there.
        auto *label = new QLabel;
        label->setBuddy(field);
        m_form->addRow(label, field);
    }
    // Wide enough for the longest description in either language to wrap into a few lines.
    m_description->setMinimumWidth(m_description->fontMetrics().averageCharWidth() * 60);

    m_problem = new QLabel;
    m_problem->setObjectName("problem");
    m_problem->setWordWrap(true);
    m_problem->setTextFormat(Qt::PlainText);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(m_form);
    layout->addWidget(m_description);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);

    connect(m_task, &QComboBox::currentIndexChanged, this, &NewTrainingTaskDialog::taskChosen);
    for (QSpinBox *box : {m_seed, m_vocabulary, m_length, m_examples, m_heldOut, m_dModel, m_keyDim,
                          m_layers, m_heads, m_steps})
        connect(box, &QSpinBox::valueChanged, this, &NewTrainingTaskDialog::refresh);
    connect(m_positions, &QComboBox::currentIndexChanged, this, &NewTrainingTaskDialog::refresh);

    retranslate();
    m_task->setCurrentIndex(int(TrainingTaskKind::PreviousToken));
    taskChosen();
}

QString NewTrainingTaskDialog::taskTitle(TrainingTaskKind kind)
{
    switch (kind) {
    case TrainingTaskKind::Copy:
        return tr("Copy");
    case TrainingTaskKind::PreviousToken:
        return tr("Previous token");
    case TrainingTaskKind::FirstToken:
        return tr("First token");
    case TrainingTaskKind::AssociativeRecall:
        return tr("Associative recall");
    case TrainingTaskKind::TwoHeads:
        return tr("Two heads, two jobs");
    case TrainingTaskKind::Induction:
        return tr("Induction");
    case TrainingTaskKind::Sink:
        return tr("Attention sink");
    }
    return {};
}

std::optional<NewTrainingTaskDialog::Choice>
NewTrainingTaskDialog::ask(QWidget *parent, std::optional<attn::Normaliser> comparison)
{
    NewTrainingTaskDialog dialog(parent);
    dialog.setComparison(comparison);
    if (dialog.exec() != QDialog::Accepted || !dialog.problem().isEmpty())
        return std::nullopt;
    return Choice{dialog.document(), dialog.comparison()};
}

std::optional<attn::Normaliser> NewTrainingTaskDialog::comparison() const
{
    const int data = m_comparison->currentData().toInt();
    if (data < 0)
        return std::nullopt;
    return attn::Normaliser(data);
}

void NewTrainingTaskDialog::setComparison(std::optional<attn::Normaliser> normaliser)
{
    const int at = normaliser ? m_comparison->findData(int(*normaliser)) : 0;
    m_comparison->setCurrentIndex(at < 0 ? 0 : at);
}

TrainingTask::Options NewTrainingTaskDialog::options() const
{
    TrainingTask::Options o = m_hidden;
    o.kind = TrainingTaskKind(m_task->currentData().toInt());
    o.seed = std::uint64_t(m_seed->value());
    o.vocabulary = m_vocabulary->value();
    o.length = m_length->value();
    o.examples = m_examples->value();
    o.heldOut = m_heldOut->value();
    o.dModel = m_dModel->value();
    o.keyDim = m_keyDim->value();
    o.layers = m_layers->value();
    o.heads = m_heads->value();
    o.positions = PositionKind(m_positions->currentData().toInt());
    o.learningRate = m_learningRate->value();
    o.steps = m_steps->value();
    return o;
}

void NewTrainingTaskDialog::setOptions(const TrainingTask::Options &o)
{
    m_hidden = o;
    {
        const QSignalBlocker block(m_task);
        m_task->setCurrentIndex(m_task->findData(int(o.kind)));
    }
    const QSignalBlocker blockPositions(m_positions);
    std::vector<std::unique_ptr<QSignalBlocker>> blockers;
    for (QSpinBox *box : {m_seed, m_vocabulary, m_length, m_examples, m_heldOut, m_dModel, m_keyDim,
                          m_layers, m_heads, m_steps})
        blockers.push_back(std::make_unique<QSignalBlocker>(box));
    m_seed->setValue(int(std::min<std::uint64_t>(o.seed, std::uint64_t(m_seed->maximum()))));
    m_vocabulary->setValue(o.vocabulary);
    m_length->setValue(o.length);
    m_examples->setValue(o.examples);
    m_heldOut->setValue(o.heldOut);
    m_dModel->setValue(o.dModel);
    m_keyDim->setValue(o.keyDim);
    m_layers->setValue(o.layers);
    m_heads->setValue(o.heads);
    m_positions->setCurrentIndex(m_positions->findData(int(o.positions)));
    m_learningRate->setValue(o.learningRate);
    m_steps->setValue(o.steps);
    blockers.clear();
    retranslate(); // the vocabulary's label depends on the task
    refresh();
}

attn::SequenceDocument NewTrainingTaskDialog::document() const
{
    return TrainingTask::make(options());
}

QString NewTrainingTaskDialog::problem() const
{
    const auto checked = TrainingTask::check(options());
    if (checked.ok())
        return {};
    const attn::Error &e = checked.error();
    if (e.code == attn::ErrorCode::OddDimension && e.subject == "key_dim")
        return tr("Rotary positions turn q and k pair by pair, so d_k must be even.");
    if (e.code == attn::ErrorCode::OddDimension)
        return tr("Sinusoidal positions come in sine and cosine pairs, so D must be even.");
    const TrainingTaskKind kind = TrainingTaskKind(m_task->currentData().toInt());
    if (e.subject == "vocabulary" && e.actual < e.expected) {
        if (kind == TrainingTaskKind::Induction)
            return tr("The repeated part has up to %1 different tokens: the vocabulary needs at "
                      "least %1.")
                .arg(e.expected);
        if (kind == TrainingTaskKind::AssociativeRecall)
            return tr("Each example asks %1 different keys: there must be at least %1 keys.")
                .arg(e.expected);
    }
    if (e.subject == "vocabulary" && kind == TrainingTaskKind::TwoHeads)
        return tr("Every pair of tokens is an output token: at most %1 tokens (%2 pairs).")
            .arg(e.expected)
            .arg(e.expected * e.expected);
    if (e.subject == "length")
        return e.actual < e.expected
                   ? tr("This task needs at least %1 tokens per example.").arg(e.expected)
                   : tr("At most %1 tokens per example.").arg(e.expected);
    return tr("These settings are outside the limits of a sequence file.");
}

void NewTrainingTaskDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void NewTrainingTaskDialog::taskChosen()
{
    setOptions(TrainingTask::defaults(TrainingTaskKind(m_task->currentData().toInt())));
}

void NewTrainingTaskDialog::refresh()
{
    const QString why = problem();
    m_problem->setText(why);
    m_problem->setVisible(!why.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(why.isEmpty());
}

void NewTrainingTaskDialog::retranslate()
{
    setWindowTitle(tr("New Training Task"));
    for (int k = 0; k < attn::kTrainingTaskCount; ++k)
        m_task->setItemText(m_task->findData(k), taskTitle(TrainingTaskKind(k)));
    const QString positionNames[] = {tr("None"), tr("Sinusoidal"), tr("Learned"), tr("Rotary")};
    for (int i = 0; i < 4; ++i)
        m_positions->setItemText(i, positionNames[i]);

    const TrainingTaskKind kind = TrainingTaskKind(m_task->currentData().toInt());
    auto label = [this](QWidget *field, const QString &text) {
        if (auto *l = qobject_cast<QLabel *>(m_form->labelForField(field)))
            l->setText(text);
    };
    label(m_task, tr("&Task:"));
    label(m_seed, tr("&Seed:"));
    label(m_vocabulary, kind == TrainingTaskKind::AssociativeRecall
                            ? tr("&Keys (and as many values):")
                            : tr("&Vocabulary size:"));
    label(m_length, tr("Tokens per e&xample:"));
    label(m_examples, tr("Tra&ining examples:"));
    label(m_heldOut, tr("Held-&out examples:"));
    label(m_dModel, tr("Model width &D:"));
    label(m_keyDim, tr("d_k per &head:"));
    label(m_layers, tr("&Layers:"));
    label(m_heads, tr("H&eads per layer:"));
    label(m_positions, tr("&Positional encoding:"));
    label(m_learningRate, tr("Learning r&ate (Adam):"));
    label(m_steps, tr("Trainin&g steps:"));
    label(m_comparison, tr("Compare &with:"));
    m_comparison->setItemText(0, tr("(none)"));
    for (int i = 1; i < m_comparison->count(); ++i)
        m_comparison->setItemText(
            i, NormaliserNames::name(attn::Normaliser(m_comparison->itemData(i).toInt())));
    m_comparison->setToolTip(
        tr("Train a second run beside the first: the same model, seed and examples, with this "
           "normaliser in place of softmax. The Training tab shows both runs' losses and "
           "attention maps side by side."));
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Create"));
    m_buttons->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));

    switch (kind) {
    case TrainingTaskKind::Copy:
        m_description->setText(
            tr("Predict the current token. No attention is needed: each token's own embedding "
               "reaches the unembedding through the residual stream. With D = 2 the embeddings "
               "spread out on the plane as they learn."));
        break;
    case TrainingTaskKind::PreviousToken:
        m_description->setText(
            tr("Predict the token before. Without positions attention cannot tell which token "
               "came just before: choose None as the positional encoding and watch the loss "
               "stall. With rotary positions one head with d_k = 2 learns to look one step "
               "back."));
        break;
    case TrainingTaskKind::FirstToken:
        m_description->setText(
            tr("Predict the first token of the example: the head must find the start. Rotary "
               "positions tell a head only how far apart two tokens are, not where the start "
               "is, so this task uses learned positions."));
        break;
    case TrainingTaskKind::AssociativeRecall:
        m_description->setText(
            tr("Key–value pairs (A 3 C 1 …), then the same keys in a new order: answer each key "
               "with its value. This needs two layers: a head in layer 1 can copy each key into "
               "the position of its value, and a head in layer 2 then matches the asked key "
               "against it."));
        break;
    case TrainingTaskKind::TwoHeads:
        m_description->setText(
            tr("Predict the pair (previous token, first token) as one output token, e.g. BA. "
               "Each head's output has only 2 dimensions: with one head the accuracy stays well "
               "below; with two, one head looks one step back and the other at the start."));
        break;
    case TrainingTaskKind::Induction:
        m_description->setText(
            tr("A run of random tokens, then the same run again: in the repeat, each token's "
               "successor can be read off the first run. A previous-token head in layer 1 and "
               "an induction head in layer 2 do this together (Olsson et al. 2022); the loss "
               "falls steeply when they form."));
        break;
    case TrainingTaskKind::Sink:
        m_description->setText(
            tr("Every example starts with ^. The letters after it, and what each must "
               "predict, are random: nothing in the example helps there, so the accuracy stays "
               "near 20%. Only at = must the head fetch the first letter. Softmax must still give "
               "a whole unit of weight at every other position, and the trained head puts it on "
               "^: an attention sink. Train the same task with softmax₁ or sigmoid, whose weights "
               "need not add up to 1, and compare. From the default seed softmax puts nearly all "
               "of that weight on ^, softmax₁ leaves most of it unspent, sigmoid puts about a "
               "third on ^. Other seeds differ: weight on a token whose value has become zero "
               "costs softmax₁ and sigmoid nothing either way, so they may keep some there."));
        break;
    }
    refresh();
}
