#include "export/handoutwriter.h"

#include "canvas/canvaswidget.h"
#include "canvas/selection.h"
#include "canvas/viewtransform.h"
#include "document/sceneeditor.h"
#include "export/exporter.h"
#include "export/handouttable.h"
#include "export/worksheetblanks.h"
#include "model/scenemodel.h"
#include "model/scenestorage.h"
#include "model/sequencesession.h"
#include "panels/steptablemodel.h"
#include "panels/weightchart.h"
#include "sequence/sequenceheatmapgrid.h"
#include "theme/colorscheme.h"
#include "walkthrough/walkthrough.h"

#include <QApplication>
#include <QBuffer>
#include <QFontMetricsF>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QProgressDialog>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace {
// Logical pixels at 96 per inch, as the exports draw: an A4 page is about 794 × 1123 of them.
constexpr int kDpi = 96;
constexpr double kMargin = 48; // half an inch
constexpr double kGap = 12;
// The canvas's share of the width beside the chart, and the pictures' greatest height.
constexpr double kCanvasShare = 0.58;
constexpr double kMaxPictureHeight = 430;
constexpr double kMinPictureHeight = 220;

QFont pageFont(double points, bool bold = false)
{
    QFont f = QApplication::font();
    f.setPointSizeF(points);
    f.setBold(bold);
    return f;
}

// The height `text` needs at `width` in `font`, wrapped at words (and between CJK characters).
double textHeight(const QString &text, const QFont &font, double width, QPaintDevice *device)
{
    if (text.isEmpty())
        return 0;
    const QFontMetricsF fm(font, device);
    return std::ceil(fm.boundingRect(QRectF(0, 0, width, 1e6), Qt::TextWordWrap, text).height());
}

// Draws wrapped `text` from `top`; returns the y under it.
double drawText(QPainter &painter, const QString &text, const QFont &font, double left, double top,
                double width)
{
    if (text.isEmpty())
        return top;
    const double h = textHeight(text, font, width, painter.device());
    painter.setFont(font);
    painter.setPen(ColorScheme::text());
    painter.drawText(QRectF(left, top, width, h), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop,
                     text);
    return top + h;
}

// Widgets drawn onto a page are laid out at the size they are drawn at, never shown on screen.
void layOut(QWidget &widget, QSize size)
{
    widget.setAttribute(Qt::WA_DontShowOnScreen);
    widget.resize(size);
    widget.show();
    Exporter::settle();
}

// Paper is white and may be printed in grey: the light theme, and the palette whose arrows also
// differ by head and dash, while the pages are drawn; the user's colours come back after, and
// the views that may have painted meanwhile are painted again in them.
class PrintColours
{
public:
    PrintColours() : m_theme(ColorScheme::theme()), m_palette(ColorScheme::palette())
    {
        ColorScheme::set(ColorScheme::Theme::Light, ColorScheme::Palette::ColourBlind);
    }
    ~PrintColours()
    {
        ColorScheme::set(m_theme, m_palette);
        if (m_theme != ColorScheme::Theme::Light ||
            m_palette != ColorScheme::Palette::ColourBlind) {
            const auto widgets = QApplication::allWidgets();
            for (QWidget *w : widgets)
                w->update();
        }
    }
    PrintColours(const PrintColours &) = delete;
    PrintColours &operator=(const PrintColours &) = delete;

private:
    ColorScheme::Theme m_theme;
    ColorScheme::Palette m_palette;
};
} // namespace

HandoutWriter::HandoutWriter(attn::Lesson lesson, const Options &options)
    : m_lesson(std::move(lesson)), m_options(options), m_fontModel(std::make_unique<SceneModel>()),
      m_fontChart(std::make_unique<WeightChart>(m_fontModel.get()))
{}

HandoutWriter::~HandoutWriter() = default;

attn::Lesson HandoutWriter::oneStep(const attn::Scene &scene, bool normalised, bool landscape,
                                    const QString &title)
{
    attn::Lesson lesson;
    // A title holds at most kMaxLessonTitleBytes of UTF-8; a long file name is cut at a whole
    // character.
    QString cut = title.isEmpty() ? tr("Scene") : title;
    while (cut.toUtf8().size() > attn::kMaxLessonTitleBytes)
        cut.chop(1);
    lesson.title.en = cut.toStdString();
    attn::LessonStep step;
    step.content = scene;
    step.view.normalised = normalised;
    step.view.landscape = landscape;
    lesson.steps.push_back(std::move(step));
    return lesson;
}

QString HandoutWriter::text(const attn::LessonText &t) const
{
    return QString::fromStdString(t.text(m_options.language.toStdString()));
}

struct HandoutWriter::Run
{
    QByteArray bytes;
    QBuffer buffer{&bytes};
    std::unique_ptr<QPdfWriter> pdf;
    QPainter painter;
    QRectF page;
    QList<Answer> answers;
    int next = 0; ///< the next step to paint
};

bool HandoutWriter::begin(QString *error)
{
    m_run = std::make_unique<Run>();
    m_run->buffer.open(QIODevice::WriteOnly);
    m_run->pdf = std::make_unique<QPdfWriter>(&m_run->buffer);
    QPdfWriter &pdf = *m_run->pdf;
    pdf.setCreator(tr("Attention Canvas"));
    pdf.setTitle(text(m_lesson.title));
    pdf.setResolution(kDpi);
    // The margins are drawn by hand: the whole page is the painter's.
    pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF()));
    if (!m_run->painter.begin(&pdf)) {
        *error = tr("The PDF document could not be started.");
        m_run.reset();
        return false;
    }
    m_run->painter.setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    m_run->page =
        QRectF(0, 0, pdf.width(), pdf.height()).adjusted(kMargin, kMargin, -kMargin, -kMargin);
    return true;
}

int HandoutWriter::pagesPainted() const
{
    return m_run ? m_run->next : 0;
}

bool HandoutWriter::paintNextPage()
{
    if (!m_run || m_run->next >= stepCount())
        return false;
    // The print colours for this page only: between pages the window repaints in its own.
    const PrintColours colours;
    const int i = m_run->next++;
    if (i > 0)
        m_run->pdf->newPage();
    if (m_lesson.steps[std::size_t(i)].isScene())
        paintSceneStep(m_run->painter, m_run->page, i, m_run->answers);
    else
        paintSequenceStep(m_run->painter, m_run->page, i);
    return m_run->next < stepCount();
}

QByteArray HandoutWriter::finish(QString *error)
{
    if (!m_run) {
        *error = tr("The PDF document could not be started.");
        return {};
    }
    while (paintNextPage()) {
    }
    if (m_options.worksheet) {
        const PrintColours colours;
        paintAnswers(m_run->painter, *m_run->pdf, m_run->page, m_run->answers);
    }
    m_run->painter.end();
    m_run->pdf.reset(); // flushes the file into the buffer
    const QByteArray bytes = m_run->bytes;
    m_run.reset();
    return bytes;
}

QByteArray HandoutWriter::render(QString *error)
{
    if (!begin(error))
        return {};
    return finish(error);
}

bool HandoutWriter::write(const QString &path, QString *error)
{
    QString why;
    const QByteArray bytes = render(&why);
    if (bytes.isEmpty()) {
        *error = tr("%1: %2").arg(path, why);
        return false;
    }
    if (!SceneStorage::writeAtomically(path, bytes, &why)) {
        *error = tr("%1: cannot write the handout: %2").arg(path, why);
        return false;
    }
    return true;
}

bool HandoutWriter::writeWithProgress(const QString &path, QWidget *parent, QString *error,
                                      bool *cancelled)
{
    *cancelled = false;
    QString why;
    if (!begin(&why)) {
        *error = tr("%1: %2").arg(path, why);
        return false;
    }
    QProgressDialog progress(tr("Drawing the pages…"), tr("Cancel"), 0, stepCount(), parent);
    progress.setObjectName(QStringLiteral("handoutProgress"));
    progress.setWindowTitle(m_options.worksheet ? tr("Export Worksheet") : tr("Export Handout"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(250);
    progress.setValue(0);
    while (paintNextPage()) {
        progress.setValue(pagesPainted());
        QCoreApplication::processEvents();
        if (progress.wasCanceled()) {
            m_run.reset();
            *cancelled = true;
            return false;
        }
    }
    const QByteArray bytes = finish(&why);
    progress.setValue(progress.maximum());
    if (bytes.isEmpty()) {
        *error = tr("%1: %2").arg(path, why);
        return false;
    }
    if (!SceneStorage::writeAtomically(path, bytes, &why)) {
        *error = tr("%1: cannot write the handout: %2").arg(path, why);
        return false;
    }
    return true;
}

void HandoutWriter::paintHeader(QPainter &painter, const QRectF &page, const QString &where) const
{
    const QFont titleFont = pageFont(15, true);
    const QFont whereFont = pageFont(10);
    const QFontMetricsF ft(titleFont, painter.device()), fw(whereFont, painter.device());
    const double whereWidth = fw.horizontalAdvance(where);
    const double h = ft.height();
    painter.setPen(ColorScheme::text());
    painter.setFont(whereFont);
    painter.drawText(QRectF(page.right() - whereWidth, page.top(), whereWidth, h),
                     Qt::AlignRight | Qt::AlignVCenter, where);
    painter.setFont(titleFont);
    painter.drawText(
        QRectF(page.left(), page.top(), page.width() - whereWidth - kGap, h),
        Qt::AlignLeft | Qt::AlignVCenter,
        ft.elidedText(text(m_lesson.title), Qt::ElideRight, page.width() - whereWidth - kGap));
    const double y = page.top() + h + 4;
    painter.setPen(QPen(ColorScheme::text(), 1.0));
    painter.drawLine(QPointF(page.left(), y), QPointF(page.right(), y));
}

namespace {
// The height of the header paintHeader() draws, with the gap under it.
double headerHeight(QPaintDevice *device)
{
    return QFontMetricsF(pageFont(15, true), device).height() + 4 + kGap;
}
} // namespace

QString HandoutWriter::stepLabel(int index) const
{
    const int n = int(m_lesson.steps.size());
    return m_options.worksheet ? tr("Worksheet · step %1 of %2").arg(index + 1).arg(n)
                               : tr("Step %1 of %2").arg(index + 1).arg(n);
}

void HandoutWriter::paintSceneStep(QPainter &painter, const QRectF &page, int index,
                                   QList<Answer> &answers) const
{
    const attn::LessonStep &step = m_lesson.steps[std::size_t(index)];
    QPaintDevice *device = painter.device();
    paintHeader(painter, page, stepLabel(index));
    double y = page.top() + headerHeight(device);

    SceneModel model;
    SceneEditor editor(&model);
    Selection selection;
    if (model.setScene(std::get<attn::Scene>(step.content)))
        return; // cannot happen: the lesson was validated with the scene's rules
    model.setNormalised(step.view.normalised);
    StepTableModel table(&model);

    // A worksheet's question: the answers are read while the table shows every number, then
    // the page is drawn at the stage the class predicts at.
    WorksheetBlanks blanks;
    Walkthrough walkthrough;
    const bool asking = m_options.worksheet && step.question.has_value();
    if (asking) {
        blanks = WorksheetBlanks(*step.question, table, model.scene().method);
        answers.append({index + 1, text(step.question->prompt), blanks.kind(),
                        blanks.answers(table), step.note ? text(*step.note) : QString()});
        walkthrough.setHoldBack(true);
        walkthrough.start();
        for (int s = 0; s < blanks.stage(); ++s)
            walkthrough.nextStep();
        table.setWalkthrough(&walkthrough);
    }

    // The texts first: the pictures take the room they leave.
    const QFont body = pageFont(10.5);
    const QFont question = pageFont(10.5, true);
    const QString prompt =
        step.question ? tr("Question: %1").arg(text(step.question->prompt)) : QString();
    // On a worksheet the note stays for the answer key: it may state the answer.
    const QString note = step.note && !asking ? text(*step.note) : QString();
    const double promptHeight = textHeight(prompt, question, page.width(), device);
    const double noteHeight = textHeight(note, body, page.width(), device);
    const double textRoom =
        (promptHeight > 0 ? promptHeight + kGap : 0) + (noteHeight > 0 ? noteHeight + kGap : 0);
    const double room = page.bottom() - y - textRoom;

    HandoutTable grid(table, blanks);
    grid.fit(pageFont(9), page.width(), std::max(60.0, room - kMinPictureHeight - kGap), device);
    const double pictureHeight = std::clamp(room - grid.height() - kGap, 80.0, kMaxPictureHeight);

    if (!prompt.isEmpty())
        y = drawText(painter, prompt, question, page.left(), y, page.width()) + kGap;

    // The chart shows the weights and the scores: on a worksheet it waits, as its dock does,
    // until the weights are revealed.
    const bool chart = !asking || blanks.stage() > Walkthrough::Normalisation;
    const double canvasWidth = chart ? std::floor(page.width() * kCanvasShare) : page.width();
    const QRect canvasRect(QPoint(int(page.left()), int(y)),
                           QSize(int(canvasWidth), int(pictureHeight)));
    CanvasWidget canvas(&editor, &selection);
    canvas.setLandscapeVisible(step.view.landscape);
    if (asking)
        canvas.setWalkthrough(&walkthrough);
    layOut(canvas, canvasRect.size());
    if (const auto &zoom = step.view.zoom)
        canvas.setView(ViewTransform(zoom->scale, QPointF(zoom->centreX, zoom->centreY),
                                     QSizeF(canvas.size())));
    else
        canvas.fitAll();
    const Exporter exporter(ExportSource{nullptr, &canvas, m_fontChart.get(), nullptr});
    exporter.drawPart(painter, Exporter::Part::Canvas, canvasRect);
    // A frame, so that the canvas's edge is seen on white paper.
    painter.setPen(QPen(ColorScheme::axis(), 0.6));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(QRectF(canvasRect));
    if (chart) {
        const QRect chartRect(QPoint(int(page.left() + canvasWidth + kGap), int(y)),
                              QSize(int(page.width() - canvasWidth - kGap), int(pictureHeight)));
        exporter.drawPart(painter, Exporter::Part::Chart, chartRect);
    }
    y += pictureHeight + kGap;

    grid.paint(painter, QPointF(page.left(), y));
    y += grid.height() + kGap;
    drawText(painter, note, body, page.left(), y, page.width());
}

void HandoutWriter::paintSequenceStep(QPainter &painter, const QRectF &page, int index) const
{
    const attn::LessonStep &step = m_lesson.steps[std::size_t(index)];
    QPaintDevice *device = painter.device();
    paintHeader(painter, page, stepLabel(index));
    double y = page.top() + headerHeight(device);

    SequenceSession session;
    session.openDocument(std::get<attn::SequenceDocument>(step.content));
    const QFont body = pageFont(10.5);
    const QString sentence = tr("Sentence: %1").arg(session.text());
    const QString note = step.note ? text(*step.note) : QString();
    const double noteHeight = textHeight(note, body, page.width(), device);
    y = drawText(painter, sentence, pageFont(10.5, true), page.left(), y, page.width()) + kGap;

    // The heat maps of every head, as the Sequence window shows them, in the room the note
    // leaves (at most as tall as the page is wide, which suits a grid of square maps).
    const double room = page.bottom() - y - (noteHeight > 0 ? noteHeight + kGap : 0);
    const QSize size(int(page.width()), int(std::clamp(room, 80.0, page.width())));
    SequenceHeatmapGrid grid(&session);
    layOut(grid, size);
    painter.save();
    painter.translate(page.left(), y);
    grid.render(&painter, QPoint(), QRegion(), QWidget::DrawChildren);
    painter.restore();
    y += size.height() + kGap;
    drawText(painter, note, body, page.left(), y, page.width());
}

void HandoutWriter::paintAnswers(QPainter &painter, QPdfWriter &pdf, const QRectF &page,
                                 const QList<Answer> &answers) const
{
    QPaintDevice *device = painter.device();
    const QFont heading = pageFont(13, true);
    const QFont bold = pageFont(10.5, true);
    const QFont body = pageFont(10.5);
    const QString where = tr("Worksheet · answer key");
    double y = 0;
    const auto startPage = [&] {
        pdf.newPage();
        paintHeader(painter, page, where);
        y = page.top() + headerHeight(device);
    };
    startPage();
    y = drawText(painter, tr("Answer key"), heading, page.left(), y, page.width()) + kGap;
    if (answers.isEmpty()) {
        drawText(painter, tr("No step of this lesson asks a question."), body, page.left(), y,
                 page.width());
        return;
    }
    for (const Answer &a : answers) {
        const QString title = tr("Step %1 · %2").arg(a.step).arg(a.prompt);
        const QString values = tr("%1: %2").arg(a.kind, a.values.join(QStringLiteral("    ")));
        const double h = textHeight(title, bold, page.width(), device) + 4 +
                         textHeight(values, body, page.width(), device) + 4 +
                         textHeight(a.note, body, page.width() - 16, device) + 2 * kGap;
        // An answer is never split over two pages, unless it is longer than a page.
        if (y + h > page.bottom() && y > page.top() + 2 * headerHeight(device))
            startPage();
        y = drawText(painter, title, bold, page.left(), y, page.width()) + 4;
        y = drawText(painter, values, body, page.left(), y, page.width()) + 4;
        y = drawText(painter, a.note, body, page.left() + 16, y, page.width() - 16) + 2 * kGap;
    }
}
