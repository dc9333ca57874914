#include "panels/temperaturecontrol.h"

#include "theme/appearance.h"
#include "theme/colorscheme.h"

#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>
#include <cmath>

namespace {
// Long explanations only wrap in a tooltip that is rich text.
QString richToolTip(const QString &text)
{
    return QStringLiteral("<p>") + text.toHtmlEscaped() + QStringLiteral("</p>");
}

double shown(double x)
{
    const double f = std::pow(10.0, TemperatureControl::kDecimals);
    return std::round(x * f) / f;
}
} // namespace

TemperatureControl::TemperatureControl(QWidget *parent)
    : QWidget(parent), m_title(new QLabel(this)), m_slider(new QSlider(Qt::Horizontal, this)),
      m_box(new QDoubleSpinBox(this)), m_reset(new QPushButton(this)), m_message(new QLabel(this))
{
    m_title->setTextFormat(Qt::RichText);
    m_title->setBuddy(m_box);

    m_slider->setRange(0, kSteps);
    m_slider->setSingleStep(10);
    m_slider->setPageStep(100);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setTickInterval(kSteps / 4);

    // The box takes any number as it is typed and checks it once it is committed (Return, leaving
    // the box, an arrow): a narrow range would refuse the keystrokes that leave it ("999" stopped
    // at "9") or quietly put back the old value ("0.001"), and the learner would not know why.
    m_box->setRange(-kTypingLimit, kTypingLimit);
    m_box->setKeyboardTracking(false);
    m_box->setDecimals(kDecimals);
    m_box->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_box->setAlignment(Qt::AlignRight);
    m_box->setFocusPolicy(Qt::StrongFocus);

    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setVerticalSpacing(2);
    layout->addWidget(m_title, 0, 0);
    layout->addWidget(m_box, 0, 2);
    layout->addWidget(m_reset, 0, 3);
    layout->setColumnStretch(1, 1);
    layout->addWidget(m_slider, 1, 0, 1, 4);

    // The log scale puts 1 exactly in the middle: 0.05 · 400^½ = 1.
    auto *ticks = new QHBoxLayout;
    for (double t : {kMinimum, 1.0, kMaximum}) {
        auto *label = new QLabel(QString::number(t), this);
        label->setEnabled(false); // drawn in the disabled (grey) text colour: a scale, not a value
        ticks->addWidget(label);
        if (t != kMaximum)
            ticks->addStretch(1);
    }
    layout->addLayout(ticks, 2, 0, 1, 4);

    m_message->setObjectName(QStringLiteral("rangeMessage"));
    m_message->setWordWrap(true);
    m_message->hide();
    applyMessageColour();
    layout->addWidget(m_message, 3, 0, 1, 4);
    connect(Appearance::instance(), &Appearance::changed, this,
            &TemperatureControl::applyMessageColour);

    connect(m_slider, &QSlider::valueChanged, this, &TemperatureControl::onSliderMoved);
    connect(m_box, &QDoubleSpinBox::valueChanged, this, &TemperatureControl::onBoxEdited);
    connect(m_reset, &QPushButton::clicked, this, &TemperatureControl::onReset);

    setTemperature(1.0);
    retranslate();
}

TemperatureControl::~TemperatureControl() = default;

double TemperatureControl::temperatureAt(int position)
{
    if (position <= 0)
        return kMinimum;
    if (position >= kSteps)
        return kMaximum;
    return kMinimum * std::pow(kMaximum / kMinimum, double(position) / kSteps);
}

int TemperatureControl::positionOf(double temperature)
{
    if (!(temperature > kMinimum))
        return 0;
    if (temperature >= kMaximum)
        return kSteps;
    const double p = kSteps * std::log(temperature / kMinimum) / std::log(kMaximum / kMinimum);
    return std::clamp(int(std::lround(p)), 0, kSteps);
}

double TemperatureControl::temperature() const
{
    return m_box->value();
}

bool TemperatureControl::accepts(double temperature) const
{
    // The slider's range, and whatever τ the scene already has (a file may hold τ = 50).
    return (temperature >= kMinimum && temperature <= kMaximum) || temperature == shown(m_current);
}

void TemperatureControl::setTemperature(double temperature)
{
    if (!(temperature > 0) || !std::isfinite(temperature))
        return;
    if (temperature != m_current)
        m_message->hide();
    m_current = temperature;
    if (m_box->value() != shown(temperature)) {
        const QSignalBlocker blocker(m_box);
        if (temperature > m_box->maximum())
            m_box->setMaximum(temperature);
        m_box->setValue(temperature);
    }
    const int position = positionOf(temperature);
    if (m_slider->value() != position) {
        const QSignalBlocker blocker(m_slider);
        m_slider->setValue(position);
    }
}

void TemperatureControl::onSliderMoved(int position)
{
    const double t = temperatureAt(position);
    {
        const QSignalBlocker blocker(m_box);
        m_box->setValue(t);
    }
    m_current = t;
    m_message->hide();
    emit temperatureEdited(t);
}

void TemperatureControl::onBoxEdited(double value)
{
    if (!accepts(value)) {
        // Said, not silently rewritten: the box goes back to the τ in use and the message tells
        // which values it takes.
        m_message->setText(
            tr("τ goes from %1 to %2: %3 is outside that range, so τ stays %4.")
                .arg(QString::number(kMinimum), QString::number(kMaximum),
                     QString::number(value, 'g', 7).replace(QLatin1Char('-'), QChar(0x2212)),
                     QString::number(m_current, 'g', 4)));
        m_message->show();
        const QSignalBlocker blocker(m_box);
        m_box->setValue(m_current);
        return;
    }
    m_message->hide();
    m_current = value;
    {
        const QSignalBlocker blocker(m_slider);
        m_slider->setValue(positionOf(value));
    }
    emit temperatureEdited(value);
}

void TemperatureControl::applyMessageColour()
{
    QPalette pal = m_message->palette();
    pal.setColor(QPalette::WindowText, ColorScheme::error());
    m_message->setPalette(pal);
}

void TemperatureControl::onReset()
{
    setTemperature(1.0);
    m_message->hide();
    emit temperatureEdited(1.0);
}

void TemperatureControl::retranslate()
{
    m_title->setText(tr("Temperature <i>τ</i>"));
    m_reset->setText(tr("Reset to 1"));
    const QString why =
        tr("Softmax turns the scores s into weights with s / τ. A small τ sharpens the weights "
           "towards the best key (one-hot); a large τ flattens them towards equal weights.");
    m_slider->setToolTip(richToolTip(
        tr("Temperature τ on a logarithmic scale from 0.05 to 20; 1 is in the middle. %1")
            .arg(why)));
    m_box->setToolTip(richToolTip(tr("Type the temperature τ (0.05 to 20). %1").arg(why)));
    m_reset->setToolTip(richToolTip(tr("Set the temperature back to τ = 1, plain softmax.")));
    m_slider->setAccessibleName(tr("Temperature slider"));
    m_box->setAccessibleName(tr("Temperature"));
    m_reset->setAccessibleName(tr("Reset temperature to 1"));
    setAccessibleName(tr("Temperature"));
}

void TemperatureControl::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}
