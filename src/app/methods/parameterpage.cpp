#include "methods/parameterpage.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QEvent>

ParameterPage::ParameterPage(QWidget *parent) : QWidget(parent) {}

void ParameterPage::refresh()
{
    if (m_refresh)
        m_refresh();
}

void ParameterPage::retranslate()
{
    if (m_retranslateForm)
        m_retranslateForm();
    if (m_retranslateTexts)
        m_retranslateTexts();
}

void ParameterPage::guardWheel()
{
    const auto boxes = findChildren<QAbstractSpinBox *>();
    for (QAbstractSpinBox *box : boxes) {
        box->setFocusPolicy(Qt::StrongFocus);
        box->installEventFilter(this);
    }
    const auto combos = findChildren<QComboBox *>();
    for (QComboBox *combo : combos) {
        combo->setFocusPolicy(Qt::StrongFocus);
        combo->installEventFilter(this);
    }
}

bool ParameterPage::eventFilter(QObject *watched, QEvent *event)
{
    // Only a focused box takes the wheel; otherwise the event goes on to the scroll area.
    if (event->type() == QEvent::Wheel) {
        auto *w = qobject_cast<QWidget *>(watched);
        if (w && !w->hasFocus()) {
            event->ignore();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

QString ParameterPage::richToolTip(const QString &text)
{
    if (text.isEmpty() || text.startsWith(QLatin1Char('<')))
        return text;
    return QStringLiteral("<p>") + text.toHtmlEscaped() + QStringLiteral("</p>");
}

void ParameterPage::showChecked(QAbstractButton *button, bool checked)
{
    if (button->isChecked() == checked)
        return;
    const QSignalBlocker blocker(button);
    button->setChecked(checked);
}
