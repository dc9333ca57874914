#include "canvas/vectordialog.h"

#include "text/numberformat.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>
#include <optional>

namespace {
// A coordinate as typed: the locale's decimal sign or a point, and a typographic minus.
std::optional<double> parse(QString text)
{
    text = text.trimmed();
    text.replace(QChar(0x2212), QLatin1Char('-'));
    bool ok = false;
    double v = QLocale().toDouble(text, &ok);
    if (!ok)
        v = QLocale::c().toDouble(text, &ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v;
}

QString plain(double v)
{
    // Every digit the vector has (up to 10), so that OK without typing changes nothing visible.
    return QString::number(v, 'g', 10);
}
} // namespace

VectorDialog::VectorDialog(const QString &name, QPointF current, QWidget *parent)
    : QDialog(parent), m_x(new QLineEdit(plain(current.x()), this)),
      m_y(new QLineEdit(plain(current.y()), this)), m_problem(new QLabel(this)), m_value(current)
{
    setObjectName(QStringLiteral("vectorDialog"));
    setWindowTitle(tr("Coordinates of %1").arg(name));
    m_x->setObjectName(QStringLiteral("x"));
    m_y->setObjectName(QStringLiteral("y"));
    auto *form = new QFormLayout;
    form->addRow(tr("&x:"), m_x);
    form->addRow(tr("&y:"), m_y);
    m_problem->setObjectName(QStringLiteral("problem"));
    m_problem->setWordWrap(true);
    QPalette warning = m_problem->palette();
    warning.setColor(QPalette::WindowText, QColor(0xb0, 0x1c, 0x1c));
    m_problem->setPalette(warning);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_x, &QLineEdit::textChanged, this, &VectorDialog::validate);
    connect(m_y, &QLineEdit::textChanged, this, &VectorDialog::validate);
    m_x->selectAll();
    validate();
}

void VectorDialog::validate()
{
    const auto x = parse(m_x->text());
    const auto y = parse(m_y->text());
    auto range = [](const QString &axis) {
        return tr("%1 must be a number from %2 to %3.")
            .arg(axis, NumberFormat::number(-kLimit, 0), NumberFormat::number(kLimit, 0));
    };
    QString problem;
    if (!x || std::abs(*x) > kLimit)
        problem = range(QStringLiteral("x"));
    else if (!y || std::abs(*y) > kLimit)
        problem = range(QStringLiteral("y"));
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_ok->setEnabled(problem.isEmpty());
    if (problem.isEmpty())
        m_value = QPointF(*x, *y);
}
