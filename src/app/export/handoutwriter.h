#pragma once

#include "core/lessonfile.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <memory>

class QPainter;
class QPdfWriter;
class QRectF;
class QWidget;
class WeightChart;
class SceneModel;

/// A lesson on paper: an A4 PDF with one page per step (docs/handout.md). A scene step's page has
/// the lesson's title and the step's number, the canvas, the weights and scores chart, the step
/// table with every number and the note (with the question's prompt, if any); a sequence step's
/// page has its sentence, the heat maps of every head and the note. Everything is drawn as
/// vectors and text into the PDF, in the chosen language, in the light theme with the
/// colour-blind-safe palette, whose arrows differ by head and dash, so that the page still reads
/// when printed in grey.
///
/// A worksheet is the same pages with the numbers each question asks for left as empty boxes and
/// the rest held back as the walkthrough holds it back while a class predicts
/// (WorksheetBlanks); the prompt replaces the note, which may give the answer away, and answer-key
/// pages at the end list each question's answers and its note.
///
/// The canvas and the chart are drawn by an Exporter from a canvas and a chart made for each
/// step, the table from the window's StepTableModel, the heat maps by the Sequence window's
/// SequenceHeatmapGrid: the pages show what the window shows, computed by the same models.
class HandoutWriter
{
    Q_DECLARE_TR_FUNCTIONS(HandoutWriter)

public:
    struct Options
    {
        /// The language of the lesson's texts ("en", "zh_CN"); the page's own words are in the
        /// language installed (tr()).
        QString language = QStringLiteral("en");
        bool worksheet = false;
    };

    HandoutWriter(attn::Lesson lesson, const Options &options);
    ~HandoutWriter();

    /// A lesson of one step: `scene` as the window shows it (normalised view, landscape),
    /// titled `title` in both languages. File → Export Handout uses it when no lesson is open.
    static attn::Lesson oneStep(const attn::Scene &scene, bool normalised, bool landscape,
                                const QString &title);

    /// The PDF's bytes; empty with a translated reason in *error on failure.
    QByteArray render(QString *error);
    /// Renders, then replaces `path` atomically (SceneStorage::writeAtomically): on any failure
    /// an existing file is left as it was.
    bool write(const QString &path, QString *error);
    /// write() a page per pass of the event loop, with a progress dialog over `parent` (after a
    /// quarter of a second) whose Cancel stops it: a lesson of 200 steps takes seconds, and the
    /// pages' widgets can only be drawn on the window's thread. False with a translated reason in
    /// *error, or with *cancelled set (nothing written, an existing file as it was).
    bool writeWithProgress(const QString &path, QWidget *parent, QString *error, bool *cancelled);

    /// render() in pieces: begin() starts the PDF, paintNextPage() paints the next step's page
    /// and says whether one is left, finish() adds the answer key and returns the bytes.
    bool begin(QString *error);
    bool paintNextPage();
    QByteArray finish(QString *error);
    int pagesPainted() const;
    int stepCount() const { return int(m_lesson.steps.size()); }

private:
    struct Run;
    struct Answer
    {
        int step = 0;
        QString prompt;
        QString kind;
        QStringList values;
        QString note;
    };

    void paintHeader(QPainter &painter, const QRectF &page, const QString &where) const;
    void paintSceneStep(QPainter &painter, const QRectF &page, int index,
                        QList<Answer> &answers) const;
    void paintSequenceStep(QPainter &painter, const QRectF &page, int index) const;
    /// The answer key, on as many pages as it needs (a new page before each).
    void paintAnswers(QPainter &painter, QPdfWriter &pdf, const QRectF &page,
                      const QList<Answer> &answers) const;
    QString text(const attn::LessonText &t) const;
    /// "Step 2 of 7", or on a worksheet "Worksheet · step 2 of 7".
    QString stepLabel(int index) const;

    attn::Lesson m_lesson;
    Options m_options;
    // The chart whose font the per-step charts copy (Exporter draws charts of a chart).
    std::unique_ptr<SceneModel> m_fontModel;
    std::unique_ptr<WeightChart> m_fontChart;
    std::unique_ptr<Run> m_run; ///< the PDF being made, between begin() and finish()
};
