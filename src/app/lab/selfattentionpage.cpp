#include "lab/selfattentionpage.h"

#include "lab/selfattentionheatmap.h"
#include "lab/tokencanvas.h"
#include "text/numberformat.h"
#include "ui_selfattentionpage.h"
#include "widgets/hostedview.h"
#include "widgets/matrixeditor.h"
#include "widgets/matrixview.h"

#include <QButtonGroup>
#include <QEvent>
#include <QMenu>
#include <QSignalBlocker>

namespace {
using Projection = SelfAttentionModel::Projection;
using Preset = SelfAttentionModel::Preset;

constexpr Preset kPresets[] = {Preset::Identity, Preset::Rotation45, Preset::Rotation90,
                               Preset::ProjectX, Preset::ProjectY,   Preset::Random};

QStringList labels(const QString &letter, int count)
{
    QStringList list;
    for (int i = 0; i < count; ++i)
        list << letter + NumberFormat::subscript(i + 1);
    return list;
}
} // namespace

SelfAttentionPage::SelfAttentionPage(SelfAttentionModel *model, QWidget *parent)
    : QWidget(parent), m_ui(std::make_unique<Ui::SelfAttentionPage>()), m_model(model)
{
    m_ui->setupUi(this);
    m_canvas = hostView<TokenCanvas>(m_ui->canvasHostLayout, m_model);
    m_heatMap = hostView<SelfAttentionHeatMap>(m_ui->heatMapHostLayout, m_model);
    for (int i = 0; i < 3; ++i) {
        auto *view = new MatrixView(m_ui->stepMatricesHost);
        m_ui->stepMatricesHostLayout->addWidget(view);
        m_matrices << view;
    }
    m_ui->stepMatricesHostLayout->addStretch(1);

    connect(m_canvas, &TokenCanvas::selectedTokenChanged, m_heatMap,
            &SelfAttentionHeatMap::setSelectedRow);
    connect(m_heatMap, &SelfAttentionHeatMap::rowClicked, m_canvas, &TokenCanvas::setSelectedToken);

    m_ui->tokensSpin->setRange(SelfAttentionModel::kMinTokens, SelfAttentionModel::kMaxTokens);
    connect(m_ui->tokensSpin, &QSpinBox::valueChanged, m_model, &SelfAttentionModel::setTokenCount);
    connect(m_ui->causalCheck, &QCheckBox::toggled, m_model, &SelfAttentionModel::setCausal);
    const std::pair<QCheckBox *, TokenCanvas::Layer> layers[] = {
        {m_ui->showQuery, TokenCanvas::Layer::Query},
        {m_ui->showKey, TokenCanvas::Layer::Key},
        {m_ui->showValue, TokenCanvas::Layer::Value},
        {m_ui->showOutput, TokenCanvas::Layer::Output}};
    for (const auto &[box, layer] : layers) {
        const TokenCanvas::Layer l = layer;
        connect(box, &QCheckBox::toggled, m_canvas,
                [this, l](bool on) { m_canvas->setLayerVisible(l, on); });
    }

    setUpProjections();
    setUpSteps();
    connect(m_model, &SelfAttentionModel::changed, this, &SelfAttentionPage::refresh);
    retranslate();
    refresh();
}

SelfAttentionPage::~SelfAttentionPage() = default;

MatrixEditor *SelfAttentionPage::projectionEditor(Projection which) const
{
    return m_editors[int(which)];
}

QMenu *SelfAttentionPage::presetMenu(Projection which) const
{
    return m_presetMenus[int(which)];
}

void SelfAttentionPage::setUpProjections()
{
    QWidget *hosts[] = {m_ui->wqHost, m_ui->wkHost, m_ui->wvHost};
    QToolButton *buttons[] = {m_ui->wqPreset, m_ui->wkPreset, m_ui->wvPreset};
    for (int i = 0; i < SelfAttentionModel::kProjectionCount; ++i) {
        const auto which = Projection(i);
        auto *editor = new MatrixEditor(hosts[i]);
        hosts[i]->layout()->addWidget(editor);
        m_editors[i] = editor;
        connect(editor, &MatrixEditor::entryEdited, this, [this, which](int r, int c, double v) {
            m_model->setProjectionEntry(which, r, c, v);
        });

        auto *menu = new QMenu(this);
        for (Preset preset : kPresets) {
            QAction *action = menu->addAction(QString());
            action->setData(int(preset));
            connect(action, &QAction::triggered, this,
                    [this, which, preset] { m_model->applyPreset(which, preset); });
        }
        m_presetMenus[i] = menu;
        buttons[i]->setMenu(menu);
        buttons[i]->setPopupMode(QToolButton::InstantPopup);
        buttons[i]->setToolButtonStyle(Qt::ToolButtonTextOnly);
    }
}

void SelfAttentionPage::setUpSteps()
{
    m_steps = new QButtonGroup(this);
    m_steps->setExclusive(true);
    QToolButton *buttons[] = {m_ui->stepX,     m_ui->stepQkv,     m_ui->stepScores,
                              m_ui->stepScale, m_ui->stepSoftmax, m_ui->stepOutput};
    for (int i = 0; i < kStepCount; ++i)
        m_steps->addButton(buttons[i], i);
    connect(m_steps, &QButtonGroup::idClicked, this, [this](int id) { setStep(Step(id)); });
    setStep(m_step);
}

void SelfAttentionPage::setStep(Step step)
{
    m_step = step;
    {
        const QSignalBlocker blocker(m_steps);
        m_steps->button(int(step))->setChecked(true);
    }
    // The style's checked look is faint; bold makes the current step stand out of the row.
    const auto buttons = m_steps->buttons();
    for (QAbstractButton *b : buttons) {
        QFont f = b->font();
        f.setBold(b->isChecked());
        b->setFont(f);
    }
    refreshStep();
}

QList<MatrixView *> SelfAttentionPage::stepMatrices() const
{
    return m_matrices.mid(0, m_shownMatrices);
}

void SelfAttentionPage::retranslate()
{
    const QString titles[] = {QStringLiteral("W<sub>q</sub>"), QStringLiteral("W<sub>k</sub>"),
                              QStringLiteral("W<sub>v</sub>")};
    const QString names[] = {tr("Query projection W_q"), tr("Key projection W_k"),
                             tr("Value projection W_v")};
    const QString tips[] = {tr("Q = X W_q: token i's query is x_i times this matrix."),
                            tr("K = X W_k: token i's key is x_i times this matrix."),
                            tr("V = X W_v: token i's value is x_i times this matrix.")};
    // In the order of SelfAttentionModel::Preset.
    const QString presetNames[] = {tr("Identity"),       tr("Rotate by 45°"),  tr("Rotate by 90°"),
                                   tr("Project onto x"), tr("Project onto y"), tr("Random")};
    static_assert(int(Preset::Random) == 5, "one name per preset, in the enum's order");
    for (int i = 0; i < SelfAttentionModel::kProjectionCount; ++i) {
        m_editors[i]->setTitle(titles[i]);
        m_editors[i]->setDescription(names[i], tips[i]);
        const auto actions = m_presetMenus[i]->actions();
        for (QAction *a : actions)
            a->setText(presetNames[a->data().toInt()]);
    }
    refreshStep();
}

void SelfAttentionPage::refresh()
{
    {
        const QSignalBlocker blocker(m_ui->tokensSpin);
        m_ui->tokensSpin->setValue(m_model->tokenCount());
    }
    {
        const QSignalBlocker blocker(m_ui->causalCheck);
        m_ui->causalCheck->setChecked(m_model->causal());
    }
    for (int i = 0; i < SelfAttentionModel::kProjectionCount; ++i)
        m_editors[i]->setMatrix(m_model->projection(Projection(i)));
    refreshStep();
}

void SelfAttentionPage::refreshStep()
{
    QLabel *caption = m_ui->stepCaption;
    if (!m_model->hasResult()) {
        caption->setText(m_model->errorText().toHtmlEscaped());
        m_shownMatrices = 0;
        for (MatrixView *v : std::as_const(m_matrices))
            v->hide();
        return;
    }
    const attn::SelfAttentionResult &r = m_model->result();
    const int n = m_model->tokenCount();
    const QStringList coordinates{QStringLiteral("1"), QStringLiteral("2")};
    struct Shown
    {
        QString title;
        const attn::Matrix *matrix;
        QStringList rows, columns;
    };
    QList<Shown> shown;
    QString text;
    switch (m_step) {
    case Step::Inputs:
        text = tr("<b>X</b>: the inputs, one token per row (n × 2).");
        shown << Shown{QStringLiteral("X"), &m_model->tokens(), labels(QStringLiteral("x"), n),
                       coordinates};
        break;
    case Step::Projections:
        text = tr("<b>Q = X W<sub>q</sub>, K = X W<sub>k</sub>, V = X W<sub>v</sub></b>: every "
                  "token is projected three times, into what it looks for (its query), what it "
                  "offers (its key) and what it passes on (its value).");
        shown << Shown{QStringLiteral("Q = X W<sub>q</sub>"), &r.q, labels(QStringLiteral("q"), n),
                       coordinates}
              << Shown{QStringLiteral("K = X W<sub>k</sub>"), &r.k, labels(QStringLiteral("k"), n),
                       coordinates}
              << Shown{QStringLiteral("V = X W<sub>v</sub>"), &r.v, labels(QStringLiteral("v"), n),
                       coordinates};
        break;
    case Step::Scores:
        text = tr("<b>Q Kᵀ</b>: row i, column j is the dot product of token i's query with token "
                  "j's key, the raw score.");
        shown << Shown{QStringLiteral("Q Kᵀ"), &r.rawScores, labels(QStringLiteral("q"), n),
                       labels(QStringLiteral("k"), n)};
        break;
    case Step::Scaled:
        text = tr("<b>Q Kᵀ / √d<sub>k</sub></b>: every score divided by √d<sub>k</sub> = %1, so "
                  "that the spread of the scores does not grow with the dimension.")
                   .arg(NumberFormat::number(r.scale));
        shown << Shown{QStringLiteral("Q Kᵀ / √d<sub>k</sub>"), &r.scaledScores,
                       labels(QStringLiteral("q"), n), labels(QStringLiteral("k"), n)};
        break;
    case Step::Softmax:
        // Whole sentences, so that each language joins them its own way.
        text = m_model->causal()
                   ? tr("<b>softmax by row</b>: each row becomes weights between 0 and 1 that sum "
                        "to 1. The causal mask lets token i see only tokens 1 … i: above the "
                        "diagonal the weights are 0.")
                   : tr("<b>softmax by row</b>: each row becomes weights between 0 and 1 that sum "
                        "to 1.");
        shown << Shown{tr("weights = softmax(Q Kᵀ / √d<sub>k</sub>)"), &r.weights,
                       labels(QStringLiteral("q"), n), labels(QStringLiteral("k"), n)};
        break;
    case Step::Output:
        text = tr("<b>weights · V</b>: output y<sub>i</sub> is the weighted sum of the value rows, "
                  "Σ<sub>j</sub> w<sub>ij</sub> v<sub>j</sub>.");
        shown << Shown{tr("Y = weights · V"), &r.output, labels(QStringLiteral("y"), n),
                       coordinates};
        break;
    }
    caption->setText(text);
    m_shownMatrices = int(shown.size());
    for (int i = 0; i < m_matrices.size(); ++i) {
        MatrixView *view = m_matrices[i];
        if (i >= shown.size()) {
            view->hide();
            continue;
        }
        view->setTitle(shown[i].title);
        view->setRowLabels(shown[i].rows);
        view->setColumnLabels(shown[i].columns);
        view->setMatrix(*shown[i].matrix);
        view->show();
    }
}

void SelfAttentionPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        retranslate();
    }
    QWidget::changeEvent(event);
}
