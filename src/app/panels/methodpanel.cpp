#include "panels/methodpanel.h"

#include "core/headpresets.h"
#include "core/scene.h"
#include "document/sceneeditor.h"
#include "methods/methodnames.h"
#include "model/scenemodel.h"
#include "panels/temperaturecontrol.h"
#include "ui_methodpanel.h"
#include "widgets/matrixeditor.h"

#include <QEvent>
#include <QResizeEvent>
#include <QScrollBar>
#include <QSignalBlocker>

#include <algorithm>
#include <cmath>

namespace {

using Edit = SceneEditor::Edit;

constexpr double kFormulaScale = 1.3;
constexpr int kTallPanel = 21; // lines of text from which the formula is drawn larger

// Names one number box of a parameter, so that the digits typed into it merge into one step.
int entryId(int part, int row, int column)
{
    return (part << 16) | (row << 8) | column;
}

// Long explanations only wrap in a tooltip that is rich text.
QString richToolTip(const QString &text)
{
    if (text.isEmpty() || text.startsWith(QLatin1Char('<')))
        return text;
    return QStringLiteral("<p>") + text.toHtmlEscaped() + QStringLiteral("</p>");
}

template <typename Box, typename T> void showValue(Box *box, T value)
{
    if (box->value() == value)
        return;
    const QSignalBlocker blocker(box);
    box->setValue(value);
}

void showChecked(QAbstractButton *button, bool checked)
{
    if (button->isChecked() == checked)
        return;
    const QSignalBlocker blocker(button);
    button->setChecked(checked);
}

} // namespace

MethodPanel::MethodPanel(SceneEditor *editor, QWidget *parent)
    : QWidget(parent), m_ui(std::make_unique<Ui::MethodPanel>()), m_editor(editor),
      m_model(editor->model())
{
    m_ui->setupUi(this);
    for (int i = 0; i < attn::kMethodCount; ++i)
        m_ui->methodCombo->addItem(QString(), i);
    m_ui->methodCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    m_ui->generalEditor->setTitle(QStringLiteral("W"));
    m_ui->generalEditor->setRowLabels(
        {QStringLiteral("q<sub>x</sub>"), QStringLiteral("q<sub>y</sub>")});
    m_ui->generalEditor->setColumnLabels(
        {QStringLiteral("k<sub>x</sub>"), QStringLiteral("k<sub>y</sub>")});
    m_ui->additiveWq->setTitle(QStringLiteral("W<sub>q</sub>"));
    m_ui->additiveWq->setColumnLabels(
        {QStringLiteral("q<sub>x</sub>"), QStringLiteral("q<sub>y</sub>")});
    m_ui->additiveWk->setTitle(QStringLiteral("W<sub>k</sub>"));
    m_ui->additiveWk->setColumnLabels(
        {QStringLiteral("k<sub>x</sub>"), QStringLiteral("k<sub>y</sub>")});
    m_ui->additiveBv->setColumnLabels({QStringLiteral("b"), QStringLiteral("v")});
    const QStringList xy{QStringLiteral("x"), QStringLiteral("y")};
    m_ui->headWq->setTitle(QStringLiteral("W<sub>Q</sub>"));
    m_ui->headWq->setColumnLabels(xy);
    m_ui->headWk->setTitle(QStringLiteral("W<sub>K</sub>"));
    m_ui->headWk->setColumnLabels(xy);
    m_ui->headWv->setTitle(QStringLiteral("W<sub>V</sub>"));
    m_ui->headWv->setColumnLabels(xy);
    m_ui->outputEditor->setTitle(QStringLiteral("W<sub>O</sub>"));
    m_ui->outputEditor->setRowLabels(xy);
    m_ui->outputScroll->horizontalScrollBar()->setSingleStep(20);

    connect(m_ui->methodCombo, &QComboBox::currentIndexChanged, this, &MethodPanel::onMethodChosen);
    connect(m_ui->temperatureControl, &TemperatureControl::temperatureEdited, this,
            [this](double t) {
                if (!m_editor->setTemperature(t))
                    refresh();
            });

    connect(m_ui->useVectorDimCheck, &QCheckBox::toggled, this, &MethodPanel::onScaleDimEdited);
    connect(m_ui->scaleDimSpin, &QDoubleSpinBox::valueChanged, this,
            &MethodPanel::onScaleDimEdited);

    connect(m_ui->generalEditor, &MatrixEditor::entryEdited, this, &MethodPanel::onGeneralEdited);
    connect(m_ui->generalResetButton, &QPushButton::clicked, this, [this] {
        if (!m_editor->setGeneral(attn::defaults::generalW(), Edit::ResetGeneral))
            refresh();
    });

    connect(m_ui->additiveWq, &MatrixEditor::entryEdited, this,
            [this](int r, int c, double v) { onAdditiveEdited(AdditivePart::Wq, r, c, v); });
    connect(m_ui->additiveWk, &MatrixEditor::entryEdited, this,
            [this](int r, int c, double v) { onAdditiveEdited(AdditivePart::Wk, r, c, v); });
    connect(m_ui->additiveBv, &MatrixEditor::entryEdited, this, [this](int r, int c, double v) {
        onAdditiveEdited(c == 0 ? AdditivePart::B : AdditivePart::V, r, 0, v);
    });
    connect(m_ui->hiddenSpin, &QSpinBox::valueChanged, this, &MethodPanel::onHiddenSizeEdited);
    connect(m_ui->randomiseButton, &QPushButton::clicked, this, &MethodPanel::onRandomise);

    connect(m_ui->headCountSpin, &QSpinBox::valueChanged, this, &MethodPanel::onHeadCountEdited);
    connect(m_ui->valueDimSpin, &QSpinBox::valueChanged, this, &MethodPanel::onValueDimEdited);
    connect(m_ui->keyDimSpin, &QSpinBox::valueChanged, this, &MethodPanel::onKeyDimEdited);
    connect(m_ui->headCombo, &QComboBox::currentIndexChanged, this, &MethodPanel::setCurrentHead);
    connect(m_ui->headWq, &MatrixEditor::entryEdited, this,
            [this](int r, int c, double v) { onHeadEdited(HeadPart::Wq, r, c, v); });
    connect(m_ui->headWk, &MatrixEditor::entryEdited, this,
            [this](int r, int c, double v) { onHeadEdited(HeadPart::Wk, r, c, v); });
    connect(m_ui->headWv, &MatrixEditor::entryEdited, this,
            [this](int r, int c, double v) { onHeadEdited(HeadPart::Wv, r, c, v); });
    connect(m_ui->presetCombo, &QComboBox::currentIndexChanged, this, &MethodPanel::onPresetChosen);
    for (QCheckBox *target : {m_ui->targetQuery, m_ui->targetKey, m_ui->targetValue})
        connect(target, &QCheckBox::toggled, this, &MethodPanel::updatePresetControls);
    connect(m_ui->applyPresetButton, &QPushButton::clicked, this, &MethodPanel::onApplyPreset);
    connect(m_ui->outputEditor, &MatrixEditor::entryEdited, this, &MethodPanel::onOutputEdited);
    connect(m_ui->averageOutputButton, &QPushButton::clicked, this, &MethodPanel::onAverageOutput);

    connect(m_model, &SceneModel::changed, this, &MethodPanel::refresh);

    guardWheel();
    applyFormulaFont();
    updatePresetControls();
    retranslate();
}

MethodPanel::~MethodPanel() = default;

// --- Translation ------------------------------------------------------------------------------

void MethodPanel::retranslate()
{
    m_ui->retranslateUi(this);
    for (int i = 0; i < m_ui->methodCombo->count(); ++i)
        m_ui->methodCombo->setItemText(i, MethodNames::name(attn::Method(i)));
    for (int i = 0; i < m_ui->headCombo->count(); ++i)
        m_ui->headCombo->setItemText(i, tr("Head %1").arg(i + 1));
    m_describedHead = -1;
    refresh(); // also sets the texts that depend on the scene
    retranslateEditors();
    wrapToolTips();
}

void MethodPanel::retranslateEditors()
{
    m_ui->generalEditor->setDescription(
        tr("Matrix W"),
        richToolTip(tr("An entry of W in s = qᵀ W k. Row i goes with the query's i-th "
                       "coordinate, column j with the key's j-th coordinate.")));
    m_ui->additiveWq->setDescription(
        tr("Matrix W_q"),
        richToolTip(tr("An entry of W_q (H × 2), which maps the query into the hidden layer. "
                       "Row i is hidden unit i.")));
    m_ui->additiveWk->setDescription(
        tr("Matrix W_k"),
        richToolTip(tr("An entry of W_k (H × 2), which maps each key into the hidden layer. "
                       "Row i is hidden unit i.")));
    m_ui->additiveBv->setDescription(
        tr("Vectors b and v"),
        richToolTip(tr("Column b: the bias added to hidden unit i before tanh. Column v: the "
                       "weight of hidden unit i's tanh value in the score.")));

    const int n = m_head + 1;
    m_ui->headWq->setDescription(
        tr("Matrix W_Q of head %1").arg(n),
        richToolTip(tr("An entry of W_Q (d_k × 2), this head's projection of the query.")));
    m_ui->headWk->setDescription(
        tr("Matrix W_K of head %1").arg(n),
        richToolTip(tr("An entry of W_K (d_k × 2), this head's projection of the keys.")));
    m_ui->headWv->setDescription(
        tr("Matrix W_V of head %1").arg(n),
        richToolTip(tr("An entry of W_V (d_v × 2), this head's projection of the values.")));
    m_ui->presetGroup->setTitle(tr("Preset for head %1").arg(n));
    m_ui->outputEditor->setDescription(
        tr("Output matrix W_O"),
        richToolTip(tr("An entry of W_O (2 × h·d_v). Column \"h2:1\" takes the first output "
                       "coordinate of head 2; the output is W_O times the heads' outputs "
                       "stacked.")));
    m_describedHead = m_head;
}

void MethodPanel::wrapToolTips()
{
    const auto widgets = findChildren<QWidget *>();
    for (QWidget *w : widgets)
        if (!w->toolTip().isEmpty() && !w->toolTip().startsWith(QLatin1Char('<')))
            w->setToolTip(richToolTip(w->toolTip()));
}

void MethodPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    else if (event->type() == QEvent::FontChange)
        applyFormulaFont();
    QWidget::changeEvent(event);
}

void MethodPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    applyFormulaFont();
}

void MethodPanel::applyFormulaFont()
{
    // The formula is what the class reads first: larger than the text, as on the explanation
    // page, when the dock is tall enough (1920 × 1080); in a short dock (1280 × 800) the
    // parameters below need the lines more.
    const double scale = height() >= kTallPanel * fontMetrics().height() ? kFormulaScale : 1.0;
    QFont f = font();
    if (f.pointSizeF() > 0)
        f.setPointSizeF(f.pointSizeF() * scale);
    else
        f.setPixelSize(qRound(f.pixelSize() * scale));
    if (f != m_ui->formulaLabel->font())
        m_ui->formulaLabel->setFont(f);
}

void MethodPanel::guardWheel()
{
    const auto boxes = m_ui->pages->findChildren<QAbstractSpinBox *>();
    for (QAbstractSpinBox *box : boxes) {
        box->setFocusPolicy(Qt::StrongFocus);
        box->installEventFilter(this);
    }
    const auto combos = m_ui->pages->findChildren<QComboBox *>();
    for (QComboBox *combo : combos) {
        combo->setFocusPolicy(Qt::StrongFocus);
        combo->installEventFilter(this);
    }
}

bool MethodPanel::eventFilter(QObject *watched, QEvent *event)
{
    // Scrolling the page must not change the boxes the pointer passes over: only a focused box
    // takes the wheel, otherwise the event goes on to the scroll area.
    if (event->type() == QEvent::Wheel) {
        auto *w = qobject_cast<QWidget *>(watched);
        if (w && !w->hasFocus()) {
            event->ignore();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

// --- Model → widgets --------------------------------------------------------------------------

void MethodPanel::refresh()
{
    const attn::Scene &s = m_model->scene();
    const int method = int(s.method);
    if (m_ui->methodCombo->currentIndex() != method) {
        const QSignalBlocker blocker(m_ui->methodCombo);
        m_ui->methodCombo->setCurrentIndex(method);
    }
    m_ui->formulaLabel->setText(MethodNames::formula(s.method));
    showPage(method);
    m_ui->temperatureControl->setTemperature(s.temperature);
    refreshScaled();
    refreshGeneral();
    refreshAdditive();
    refreshMultiHead();
}

void MethodPanel::showPage(int index)
{
    if (m_ui->pages->currentIndex() != index)
        m_ui->pages->setCurrentIndex(index);
}

void MethodPanel::refreshScaled()
{
    const std::optional<double> &d = m_model->scene().scaleDim;
    showChecked(m_ui->useVectorDimCheck, !d.has_value());
    m_ui->scaleDimSpin->setEnabled(d.has_value());
    m_ui->scaleDimLabel->setEnabled(d.has_value());
    // With the vector dimension in use the box keeps the last d typed, so that unticking brings
    // it back.
    if (d && std::abs(m_ui->scaleDimSpin->value() - *d) > 0.5e-2) {
        const QSignalBlocker blocker(m_ui->scaleDimSpin);
        m_ui->scaleDimSpin->setMaximum(std::max(m_ui->scaleDimSpin->maximum(), *d));
        // Typing stops at 1 (a dimension below 1 would spread the scores apart); a scene file
        // may still hold a smaller d, which is shown as it is rather than silently changed.
        m_ui->scaleDimSpin->setMinimum(std::min(1.0, *d));
        m_ui->scaleDimSpin->setValue(*d);
    }
    QString inUse;
    if (m_model->hasResult() && m_model->result().method == attn::Method::Scaled)
        inUse = tr("The scores are divided by √d with d = %1.")
                    .arg(QString::number(m_model->result().scaleDim, 'g', 6));
    m_ui->scaleInUseLabel->setText(inUse);
}

void MethodPanel::refreshGeneral()
{
    m_ui->generalEditor->setMatrix(m_model->scene().general);
}

void MethodPanel::refreshAdditive()
{
    const attn::AdditiveParams &a = m_model->scene().additive;
    showValue(m_ui->hiddenSpin, a.hiddenSize());
    m_ui->additiveWq->setMatrix(a.wq);
    m_ui->additiveWk->setMatrix(a.wk);
    attn::Matrix bv(a.hiddenSize(), 2);
    bv << a.b, a.v;
    m_ui->additiveBv->setMatrix(bv);
}

void MethodPanel::refreshMultiHead()
{
    const attn::MultiHeadParams &p = m_model->scene().multiHead;
    const int h = int(p.heads.size());
    if (h == 0)
        return;
    const int dv = int(p.heads.front().wv.rows());
    showValue(m_ui->headCountSpin, h);
    showValue(m_ui->valueDimSpin, dv);

    m_head = std::clamp(m_head, 0, h - 1);
    if (m_ui->headCombo->count() != h) {
        const QSignalBlocker blocker(m_ui->headCombo);
        while (m_ui->headCombo->count() > h)
            m_ui->headCombo->removeItem(m_ui->headCombo->count() - 1);
        while (m_ui->headCombo->count() < h)
            m_ui->headCombo->addItem(tr("Head %1").arg(m_ui->headCombo->count() + 1));
    }
    if (m_ui->headCombo->currentIndex() != m_head) {
        const QSignalBlocker blocker(m_ui->headCombo);
        m_ui->headCombo->setCurrentIndex(m_head);
    }
    if (m_describedHead != m_head)
        retranslateEditors();

    const attn::Head &head = p.heads[std::size_t(m_head)];
    showValue(m_ui->keyDimSpin, int(head.wq.rows()));
    updatePresetControls(); // its note depends on the head's d_k
    m_ui->headWq->setMatrix(head.wq);
    m_ui->headWk->setMatrix(head.wk);
    m_ui->headWv->setMatrix(head.wv);

    if (m_ui->outputEditor->columns() != p.wo.cols() || m_ui->outputEditor->rows() != 2) {
        QStringList labels;
        for (int j = 0; j < h; ++j)
            for (int c = 0; c < dv; ++c)
                labels << (dv == 1 ? QStringLiteral("h%1").arg(j + 1)
                                   : QStringLiteral("h%1:%2").arg(j + 1).arg(c + 1));
        m_ui->outputEditor->setColumnLabels(labels);
        m_ui->outputEditor->setMatrix(p.wo);
        guardWheel();
        // Room for the grid and for the horizontal scroll bar that appears with many heads.
        m_ui->outputScroll->setFixedHeight(
            m_ui->outputEditor->sizeHint().height() +
            m_ui->outputScroll->horizontalScrollBar()->sizeHint().height() + 2);
    } else {
        m_ui->outputEditor->setMatrix(p.wo);
    }
}

void MethodPanel::updatePresetControls()
{
    const int preset = m_ui->presetCombo->currentIndex();
    m_ui->angleSpin->setEnabled(preset == Rotation);
    m_ui->angleLabel->setEnabled(preset == Rotation);
    m_ui->presetSeedSpin->setEnabled(preset == Random);
    m_ui->presetSeedLabel->setEnabled(preset == Random);
    m_ui->applyPresetButton->setEnabled(m_ui->targetQuery->isChecked() ||
                                        m_ui->targetKey->isChecked() ||
                                        m_ui->targetValue->isChecked());

    // Only W_Qᵀ W_K counts for the scores: say what a rotation on both sides does before the
    // learner applies it and wonders why nothing moves.
    QString note;
    const attn::MultiHeadParams &p = m_model->scene().multiHead;
    if (preset == Rotation && m_ui->targetQuery->isChecked() && m_ui->targetKey->isChecked() &&
        m_head < int(p.heads.size())) {
        const int dk = int(p.heads[std::size_t(m_head)].wq.rows());
        if (dk == 2)
            note = tr("The same rotation R in W<sub>Q</sub> and W<sub>K</sub> is no rotation "
                      "for the scores: (Rq)·(Rk) = q·k, so this head would give exactly the "
                      "scaled dot-product scores, whatever θ. Rotate the query alone, or set "
                      "d<sub>k</sub> = 1.");
        else
            note = tr("With d<sub>k</sub> = 1 the same rotation in W<sub>Q</sub> and "
                      "W<sub>K</sub> makes this head compare q and k along one direction only, "
                      "(cos θ, −sin θ).");
    }
    m_ui->presetNote->setText(note);
    m_ui->presetNote->setVisible(!note.isEmpty());
}

void MethodPanel::onPresetChosen(int index)
{
    const attn::presets::Targets t = attn::presets::defaultTargets(attn::presets::Kind(index));
    showChecked(m_ui->targetQuery, t.query);
    showChecked(m_ui->targetKey, t.key);
    showChecked(m_ui->targetValue, t.value);
    updatePresetControls();
}

void MethodPanel::setCurrentHead(int index)
{
    const int h = int(m_model->scene().multiHead.heads.size());
    index = std::clamp(index, 0, std::max(h - 1, 0));
    if (index == m_head && m_ui->headCombo->currentIndex() == index)
        return;
    m_head = index;
    refreshMultiHead();
}

// --- Widgets → model --------------------------------------------------------------------------

void MethodPanel::onMethodChosen(int index)
{
    if (index >= 0)
        m_editor->setMethod(attn::Method(m_ui->methodCombo->itemData(index).toInt()));
}

void MethodPanel::onScaleDimEdited()
{
    const std::optional<double> d = m_ui->useVectorDimCheck->isChecked()
                                        ? std::nullopt
                                        : std::optional<double>(m_ui->scaleDimSpin->value());
    if (!m_editor->setScaleDim(d))
        refresh();
}

void MethodPanel::onGeneralEdited(int row, int column, double value)
{
    attn::Matrix w = m_model->scene().general;
    if (row >= w.rows() || column >= w.cols())
        return;
    w(row, column) = value;
    if (!m_editor->setGeneral(w, Edit::General, -1, entryId(0, row, column)))
        refresh();
}

void MethodPanel::onAdditiveEdited(AdditivePart part, int row, int column, double value)
{
    attn::AdditiveParams p = m_model->scene().additive;
    if (row >= p.hiddenSize())
        return;
    switch (part) {
    case AdditivePart::Wq:
        p.wq(row, column) = value;
        break;
    case AdditivePart::Wk:
        p.wk(row, column) = value;
        break;
    case AdditivePart::B:
        p.b(row) = value;
        break;
    case AdditivePart::V:
        p.v(row) = value;
        break;
    }
    if (!m_editor->setAdditive(p, Edit::Additive, entryId(int(part), row, column)))
        refresh();
}

void MethodPanel::onHiddenSizeEdited(int hidden)
{
    const auto seed = std::uint64_t(m_ui->seedSpin->value());
    if (!m_editor->setAdditive(
            attn::presets::withHiddenSize(m_model->scene().additive, hidden, seed),
            Edit::HiddenSize))
        refresh();
}

void MethodPanel::onRandomise()
{
    const auto seed = std::uint64_t(m_ui->seedSpin->value());
    if (!m_editor->setAdditive(attn::defaults::additive(m_ui->hiddenSpin->value(), seed),
                               Edit::RandomiseAdditive))
        refresh();
}

void MethodPanel::applyMultiHead(const attn::MultiHeadParams &p, int edit, int index, int entry)
{
    if (!m_editor->setMultiHead(p, Edit(edit), index, entry))
        refresh();
}

void MethodPanel::onHeadCountEdited(int count)
{
    applyMultiHead(attn::presets::withHeadCount(m_model->scene().multiHead, count),
                   int(Edit::HeadCount));
}

void MethodPanel::onValueDimEdited(int dv)
{
    applyMultiHead(attn::presets::withValueDim(m_model->scene().multiHead, dv),
                   int(Edit::ValueDim));
}

void MethodPanel::onKeyDimEdited(int dk)
{
    applyMultiHead(attn::presets::withKeyDim(m_model->scene().multiHead, m_head, dk),
                   int(Edit::KeyDim), m_head);
}

void MethodPanel::onHeadEdited(HeadPart part, int row, int column, double value)
{
    attn::MultiHeadParams p = m_model->scene().multiHead;
    if (m_head >= int(p.heads.size()))
        return;
    attn::Head &head = p.heads[std::size_t(m_head)];
    attn::Matrix &m = part == HeadPart::Wq ? head.wq : part == HeadPart::Wk ? head.wk : head.wv;
    if (row >= m.rows() || column >= m.cols())
        return;
    m(row, column) = value;
    applyMultiHead(p, int(Edit::Head), m_head, entryId(int(part), row, column));
}

void MethodPanel::onApplyPreset()
{
    attn::MultiHeadParams p = m_model->scene().multiHead;
    if (m_head >= int(p.heads.size()))
        return;
    attn::Head &head = p.heads[std::size_t(m_head)];
    const int preset = m_ui->presetCombo->currentIndex();
    const double angle = m_ui->angleSpin->value();
    const auto seed = std::uint64_t(m_ui->presetSeedSpin->value());
    auto make = [&](Eigen::Index rows, std::uint64_t salt) -> attn::Matrix {
        const int r = int(rows);
        switch (preset) {
        case Rotation:
            return attn::presets::rotation(angle, r);
        case ProjectX:
            return attn::presets::fitRows(attn::presets::projectX(), r);
        case ProjectY:
            return attn::presets::fitRows(attn::presets::projectY(), r);
        case Random:
            return attn::presets::random(r, 2, seed + salt);
        default:
            return attn::presets::identity(r);
        }
    };
    if (m_ui->targetQuery->isChecked())
        head.wq = make(head.wq.rows(), 0);
    if (m_ui->targetKey->isChecked())
        head.wk = make(head.wk.rows(), 1);
    if (m_ui->targetValue->isChecked())
        head.wv = make(head.wv.rows(), 2);
    applyMultiHead(p, int(Edit::HeadPreset), m_head);
}

void MethodPanel::onOutputEdited(int row, int column, double value)
{
    attn::MultiHeadParams p = m_model->scene().multiHead;
    if (row >= p.wo.rows() || column >= p.wo.cols())
        return;
    p.wo(row, column) = value;
    applyMultiHead(p, int(Edit::Output), -1, entryId(0, row, column));
}

void MethodPanel::onAverageOutput()
{
    attn::MultiHeadParams p = m_model->scene().multiHead;
    if (p.heads.empty())
        return;
    p.wo = attn::presets::averagingOutput(int(p.heads.size()), int(p.heads.front().wv.rows()));
    applyMultiHead(p, int(Edit::AverageOutput));
}
