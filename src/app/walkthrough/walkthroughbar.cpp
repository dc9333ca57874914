#include "walkthrough/walkthroughbar.h"

#include "methods/methodnames.h"
#include "model/scenemodel.h"
#include "text/numberformat.h"
#include "theme/appearance.h"
#include "theme/barcolours.h"
#include "theme/colorscheme.h"
#include "ui_walkthroughbar.h"
#include "walkthrough/walkthrough.h"

#include <QEvent>
#include <QShortcut>

#include <cmath>

namespace {
QString keyName(int index)
{
    QString digits = QString::number(index + 1);
    for (QChar &c : digits)
        c = QChar(0x2080 + c.digitValue());
    return QStringLiteral("k") + digits;
}
} // namespace

WalkthroughBar::WalkthroughBar(Walkthrough *walkthrough, SceneModel *model, QWidget *parent)
    : QFrame(parent), m_ui(std::make_unique<Ui::WalkthroughBar>()), m_walkthrough(walkthrough),
      m_model(model)
{
    m_ui->setupUi(this);
    // A tinted panel: the window is in presentation mode and the class should see it.
    setAutoFillBackground(true);
    applyColours();
    connect(Appearance::instance(), &Appearance::changed, this, &WalkthroughBar::applyColours);
    applyFonts();
    m_ui->topRow->setSpacing(12);

    connect(m_ui->backButton, &QPushButton::clicked, m_walkthrough, &Walkthrough::back);
    connect(m_ui->revealButton, &QPushButton::clicked, m_walkthrough, &Walkthrough::reveal);
    connect(m_ui->nextButton, &QPushButton::clicked, m_walkthrough, &Walkthrough::nextStep);
    connect(m_ui->leaveButton, &QPushButton::clicked, m_walkthrough, &Walkthrough::leave);
    connect(m_ui->holdBackBox, &QCheckBox::toggled, m_walkthrough, &Walkthrough::setHoldBack);

    // Window-wide keys, enabled only while the walkthrough runs: a presenter's clicker sends
    // Page Down and Page Up.
    auto bind = [this](QKeySequence key, void (Walkthrough::*slot)()) {
        auto *s = new QShortcut(key, this);
        s->setContext(Qt::WindowShortcut);
        s->setAutoRepeat(false);
        connect(s, &QShortcut::activated, m_walkthrough, slot);
        m_shortcuts << s;
    };
    bind(QKeySequence(Qt::Key_Space), &Walkthrough::forward);
    bind(QKeySequence(Qt::Key_Right), &Walkthrough::forward);
    bind(QKeySequence(Qt::Key_PageDown), &Walkthrough::forward);
    bind(QKeySequence(Qt::Key_Left), &Walkthrough::back);
    bind(QKeySequence(Qt::Key_PageUp), &Walkthrough::back);
    bind(QKeySequence(Qt::Key_Escape), &Walkthrough::leave);

    connect(m_walkthrough, &Walkthrough::changed, this, &WalkthroughBar::refresh);
    connect(m_model, &SceneModel::changed, this, &WalkthroughBar::refresh);
    refresh();
}

WalkthroughBar::~WalkthroughBar() = default;

void WalkthroughBar::applyFonts()
{
    // From the bar's own font, so that presentation mode's larger font reaches the labels too.
    QFont title = font();
    title.setBold(true);
    title.setPointSizeF(title.pointSizeF() * 1.25);
    m_ui->titleLabel->setFont(title);
    // "Step 2 of 5" quieter than the step's title beside it.
    QFont step = title;
    step.setBold(false);
    m_ui->stepLabel->setFont(step);
    QFont text = font();
    text.setPointSizeF(text.pointSizeF() * 1.1);
    m_ui->textLabel->setFont(text);
}

void WalkthroughBar::applyColours()
{
    BarColours::apply(this, m_ui->stepLabel);
}

void WalkthroughBar::setAutoHide(bool on)
{
    m_autoHide = on;
    refresh();
}

QString WalkthroughBar::titleText() const
{
    return m_ui->titleLabel->fullText();
}

QString WalkthroughBar::explanationText() const
{
    return m_ui->textLabel->text();
}

void WalkthroughBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        refresh();
    } else if (event->type() == QEvent::FontChange) {
        applyFonts();
    }
    QFrame::changeEvent(event);
}

void WalkthroughBar::refresh()
{
    const Walkthrough &w = *m_walkthrough;
    const bool active = w.isActive();
    for (QShortcut *s : std::as_const(m_shortcuts))
        s->setEnabled(active);
    if (m_autoHide)
        setVisible(active);
    {
        const QSignalBlocker block(m_ui->holdBackBox);
        m_ui->holdBackBox->setChecked(w.holdsBack());
    }
    m_ui->stepLabel->setText(tr("Step %1 of %2").arg(w.step() + 1).arg(Walkthrough::kStepCount));
    m_ui->titleLabel->setText(Walkthrough::title(w.step()));
    m_ui->backButton->setEnabled(w.canGoBack());
    m_ui->revealButton->setEnabled(active && !w.isRevealed());
    m_ui->nextButton->setEnabled(active && w.step() < Walkthrough::WeightedSum);
    m_ui->leaveButton->setEnabled(active);
    m_ui->textLabel->setText(explanation());
}

QString WalkthroughBar::explanation() const
{
    const Walkthrough &w = *m_walkthrough;
    const attn::Method method = m_model->scene().method;
    const bool scaled = method == attn::Method::Scaled;
    const bool multi = method == attn::Method::MultiHead;
    QStringList parts;
    QString predict;
    switch (w.step()) {
    case Walkthrough::Scores:
        if (scaled)
            parts << tr("The query q is compared with every key by the dot product q·k; the "
                        "division by √d follows in the next step.");
        else if (multi)
            parts << tr("Each head compares its projection of the query with its projection of "
                        "every key, %1, dividing by its own √d<sub>k</sub>; the table shows the "
                        "mean over heads.")
                         .arg(QStringLiteral("(W<sub>Q</sub><sup>h</sup>q)·"
                                             "(W<sub>K</sub><sup>h</sup>k<sub>i</sub>) / "
                                             "√d<sub>k</sub>"));
        else
            parts << tr("The query q is compared with every key by the score function %1. A "
                        "larger score means a better match.")
                         .arg(MethodNames::formula(method));
        predict = tr("Predict: which key will get the highest score?");
        break;
    case Walkthrough::Scaling:
        if (scaled && m_model->hasResult())
            parts << tr("Scaled dot product divides q·k by √d = %1, so that the spread of the "
                        "scores does not grow with the dimension d.")
                         .arg(NumberFormat::number(std::sqrt(m_model->result().scaleDim)));
        parts << tr("Every score is then divided by the temperature τ = %1: a small τ spreads "
                    "the scores apart and makes softmax sharper, a large τ evens them out.")
                     .arg(NumberFormat::written(m_model->scene().temperature));
        predict = tr("Predict: does this change which key is ahead?");
        break;
    case Walkthrough::Exponentials:
        parts << tr("Softmax takes exp of every s/τ after subtracting the largest one: the "
                    "results are positive, the largest is exactly 1, and exp can never "
                    "overflow.");
        predict = tr("Predict: which key gets an exponential of exactly 1?");
        break;
    case Walkthrough::Normalisation:
        parts << tr("Each exponential is divided by their sum: the attention weights are "
                    "positive and add up to 1. A masked key gets weight 0.");
        predict = tr("Predict: how much of the weight will the leading key get?");
        break;
    case Walkthrough::WeightedSum:
        if (multi)
            // The weights on show are the mean over heads, and Σ w̄ᵢ vᵢ is not the output: each
            // head sums its own projected values with its own weights, and W_O maps the
            // concatenation.
            parts << tr("Each head h sums its own projected values with its own weights, "
                        "%1; the output is %2. It is not Σ w̄ᵢ vᵢ with the mean weights of "
                        "the table.")
                         .arg(QStringLiteral("o<sup>h</sup> = Σ<sub>i</sub> "
                                             "w<sub>i</sub><sup>h</sup> "
                                             "W<sub>V</sub><sup>h</sup>v<sub>i</sub>"),
                              QStringLiteral("W<sub>O</sub>[o<sup>1</sup>; …; o<sup>h</sup>]"));
        else
            parts << tr("The output is the weighted sum of the values, Σ wᵢ vᵢ: every value "
                        "pulls the output towards itself in proportion to its key's weight.");
        predict = tr("Predict: where will the output arrow point?");
        break;
    default:
        break;
    }
    QString text = parts.join(QLatin1Char(' '));
    if (!w.isActive())
        return text;
    if (!w.isRevealed()) {
        text += QStringLiteral("<br><b>%1</b>").arg(predict.toHtmlEscaped());
        return text;
    }
    // The answer, from the model: the leading key, or the output.
    QString answer;
    if (m_model->hasResult()) {
        if (w.step() == Walkthrough::WeightedSum) {
            const attn::AttentionResult &r = m_model->result();
            answer = tr("Output: %1").arg(NumberFormat::vector(r.output, 3));
            // Multi-head: the per-head sums that W_O maps, so that the output can be checked.
            QStringList heads;
            for (std::size_t h = 0; h < r.heads.size(); ++h)
                heads << QStringLiteral("o<sup>%1</sup> = %2")
                             .arg(h + 1)
                             .arg(NumberFormat::vector(r.heads[h].output, 3));
            if (multi && !heads.isEmpty())
                answer =
                    tr("%1 → output W<sub>O</sub>[o<sup>1</sup>; …] = %2")
                        .arg(heads.join(QStringLiteral(", ")), NumberFormat::vector(r.output, 3));
        } else {
            const attn::Mask &mask = m_model->scene().mask;
            int best = -1;
            double bestValue = 0;
            for (int i = 0; i < m_model->keyCount(); ++i) {
                if (i < int(mask.size()) && mask[std::size_t(i)])
                    continue;
                const auto v = Walkthrough::quantity(*m_model, w.step(), i);
                if (v && (best < 0 || *v > bestValue)) {
                    best = i;
                    bestValue = *v;
                }
            }
            if (best >= 0)
                answer = tr("Highest: %1 with %2")
                             .arg(QStringLiteral("<span style='color:%1'>%2</span>")
                                      .arg(ColorScheme::keyColor(best, m_model->keyCount()).name(),
                                           keyName(best)),
                                  NumberFormat::number(bestValue));
        }
    }
    if (!answer.isEmpty())
        text += QStringLiteral("<br><b>%1</b>").arg(answer);
    return text;
}
