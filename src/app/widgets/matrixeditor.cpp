#include "widgets/matrixeditor.h"

#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QTimer>

#include <cmath>

namespace {
constexpr double kDefaultLimit = 999.999;

// What a box shows for x: QDoubleSpinBox rounds to its decimals.
double shown(double x)
{
    const double f = std::pow(10.0, MatrixEditor::kDecimals);
    return std::round(x * f) / f;
}
} // namespace

MatrixEditor::MatrixEditor(QWidget *parent)
    : QWidget(parent), m_grid(new QGridLayout(this)), m_title(new QLabel(this)),
      m_buildTimer(new QTimer(this))
{
    m_buildTimer->setInterval(0);
    connect(m_buildTimer, &QTimer::timeout, this, &MatrixEditor::buildSlice);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setHorizontalSpacing(4);
    m_grid->setVerticalSpacing(2);
    m_title->setTextFormat(Qt::RichText);
    m_title->setAlignment(Qt::AlignCenter);
    m_grid->addWidget(m_title, 0, 0);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

MatrixEditor::~MatrixEditor() = default;

QDoubleSpinBox *MatrixEditor::entry(int row, int column) const
{
    if (row < 0 || row >= m_builtRows || column < 0 || column >= m_columns)
        return nullptr;
    return m_entries.at(row * m_columns + column);
}

void MatrixEditor::setMatrix(const attn::Matrix &m)
{
    m_shown = m;
    if (m.rows() != m_rows || m.cols() != m_columns)
        rebuild(int(m.rows()), int(m.cols()));
    for (int r = 0; r < m_builtRows; ++r)
        showRow(r);
}

void MatrixEditor::showRow(int r)
{
    for (int c = 0; c < m_columns; ++c) {
        QDoubleSpinBox *box = entry(r, c);
        const double x = m_shown(r, c);
        if (box->value() == shown(x) && std::abs(x) <= box->maximum())
            continue;
        const QSignalBlocker blocker(box);
        // A scene file may hold any finite number: widen the box rather than clamp the value.
        const double limit = std::max(kDefaultLimit, std::ceil(std::abs(x)));
        if (limit != box->maximum())
            box->setRange(-limit, limit);
        box->setValue(x);
    }
}

void MatrixEditor::completeNow()
{
    while (m_builtRows < m_rows)
        buildRow();
    m_buildTimer->stop();
}

void MatrixEditor::buildSlice()
{
    QElapsedTimer clock;
    clock.start();
    while (m_builtRows < m_rows && clock.elapsed() < kSliceMs)
        buildRow();
    if (m_builtRows == m_rows)
        m_buildTimer->stop();
}

void MatrixEditor::rebuild(int rows, int columns)
{
    qDeleteAll(m_entries);
    qDeleteAll(m_rowLabels);
    qDeleteAll(m_columnLabels);
    m_entries.clear();
    m_rowLabels.clear();
    m_columnLabels.clear();
    m_rows = rows;
    m_columns = columns;
    m_builtRows = 0;

    for (int c = 0; c < columns; ++c) {
        auto *label = new QLabel(this);
        label->setAlignment(Qt::AlignCenter);
        label->setTextFormat(Qt::RichText);
        m_grid->addWidget(label, 0, c + 1);
        m_columnLabels << label;
    }
    // Keep the grid compact at the left instead of spreading the boxes over a wide dock.
    for (int c = 0; c <= columns + 1; ++c)
        m_grid->setColumnStretch(c, c == columns + 1 ? 1 : 0);
    applyLabels();
    m_entries.reserve(qsizetype(rows) * columns);
    const int eagerRows = columns > 0 ? std::max(1, kEagerCells / columns) : rows;
    while (m_builtRows < std::min(rows, eagerRows))
        buildRow();
    if (m_builtRows < rows)
        m_buildTimer->start();
    else
        m_buildTimer->stop();
    setAccessibleName(m_name);
    setToolTip(m_toolTip);
}

void MatrixEditor::buildRow()
{
    const int r = m_builtRows;
    auto *label = new QLabel(this);
    label->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    label->setTextFormat(Qt::RichText);
    label->setText(r < m_rowLabelTexts.size() ? m_rowLabelTexts.at(r) : QString::number(r + 1));
    m_grid->addWidget(label, r + 1, 0);
    m_rowLabels << label;
    for (int c = 0; c < m_columns; ++c) {
        auto *box = new QDoubleSpinBox(this);
        box->setDecimals(kDecimals);
        box->setRange(-kDefaultLimit, kDefaultLimit);
        box->setSingleStep(0.1);
        box->setAlignment(Qt::AlignRight);
        box->setFocusPolicy(Qt::StrongFocus);
        box->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
        box->installEventFilter(this);
        m_grid->addWidget(box, r + 1, c + 1);
        m_entries << box;
        connect(box, &QDoubleSpinBox::valueChanged, this,
                [this, r, c](double value) { emit entryEdited(r, c, value); });
    }
    ++m_builtRows;
    describeRow(r);
    if (m_shown.rows() == m_rows && m_shown.cols() == m_columns)
        showRow(r);
}

void MatrixEditor::setTitle(const QString &richText)
{
    m_title->setText(richText);
}

void MatrixEditor::setRowLabels(const QStringList &labels)
{
    m_rowLabelTexts = labels;
    applyLabels();
}

void MatrixEditor::setColumnLabels(const QStringList &labels)
{
    m_columnLabelTexts = labels;
    applyLabels();
}

void MatrixEditor::applyLabels()
{
    for (int r = 0; r < m_rowLabels.size(); ++r)
        m_rowLabels[r]->setText(r < m_rowLabelTexts.size() ? m_rowLabelTexts.at(r)
                                                           : QString::number(r + 1));
    for (int c = 0; c < m_columnLabels.size(); ++c)
        m_columnLabels[c]->setText(c < m_columnLabelTexts.size() ? m_columnLabelTexts.at(c)
                                                                 : QString::number(c + 1));
}

void MatrixEditor::setDescription(const QString &name, const QString &toolTip)
{
    m_name = name;
    m_toolTip = toolTip;
    applyDescription();
}

void MatrixEditor::applyDescription()
{
    setAccessibleName(m_name);
    setToolTip(m_toolTip);
    for (int r = 0; r < m_builtRows; ++r)
        describeRow(r);
}

void MatrixEditor::describeRow(int r)
{
    for (int c = 0; c < m_columns; ++c) {
        QDoubleSpinBox *box = entry(r, c);
        box->setAccessibleName(tr("%1, row %2, column %3").arg(m_name).arg(r + 1).arg(c + 1));
        box->setToolTip(m_toolTip);
    }
}

void MatrixEditor::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        applyDescription();
    QWidget::changeEvent(event);
}

bool MatrixEditor::eventFilter(QObject *watched, QEvent *event)
{
    // Scrolling a long page must not change the entries the pointer happens to pass over:
    // only a box that has focus takes the wheel; otherwise the event goes on to the scroll area.
    if (event->type() == QEvent::Wheel) {
        if (auto *box = qobject_cast<QDoubleSpinBox *>(watched); box && !box->hasFocus()) {
            event->ignore();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}
