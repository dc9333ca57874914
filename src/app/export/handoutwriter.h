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
    QByteArray render(QString *error) const;
    /// Renders, then replaces `path` atomically (SceneStorage::writeAtomically): on any failure
    /// an existing file is left as it was.
    bool write(const QString &path, QString *error) const;

private:
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
};
