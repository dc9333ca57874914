// The handout's parts inside the program: what a worksheet leaves blank for each kind of
// question (WorksheetBlanks) and the answers its key prints, which columns the table keeps
// (HandoutTable), a one-step handout of a scene, the user's colours after printing, and the
// window's two commands. The pages as a user gets them are read back with poppler in
// tests/model/tst_handoutcli.cpp. Every expected number is worked out here by hand.

#include "common/clifiles.h"
#include "common/datacolumns.h"
#include "core/lessonfile.h"
#include "export/handouttable.h"
#include "export/handoutwriter.h"
#include "export/worksheetblanks.h"
#include "mainwindow.h"
#include "model/lessonsession.h"
#include "model/scenemodel.h"
#include "panels/steptablemodel.h"
#include "theme/colorscheme.h"
#include "walkthrough/walkthrough.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QProgressDialog>
#include <QPushButton>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <array>
#include <cmath>

namespace {
// The article's scene under `method`.
attn::Scene articleScene(attn::Method method)
{
    // The default scene is the article's: q = (1.2, 0.8), keys (0.5, 1) (1.5, 0.5) (0.8, 1.2),
    // values (1, 0) (0, 1) (1, 1).
    attn::Scene s = attn::Scene::defaultScene();
    s.method = method;
    return s;
}

// softmax of the dot scores 1.4, 2.2, 1.92 (each divided by `scale`), by hand.
std::array<double, 3> weights(double scale)
{
    const double s[3] = {1.4 / scale, 2.2 / scale, 1.92 / scale};
    const double e[3] = {std::exp(s[0]), std::exp(s[1]), std::exp(s[2])};
    const double sum = e[0] + e[1] + e[2];
    return {e[0] / sum, e[1] / sum, e[2] / sum};
}

QString f3(double x)
{
    return QString::number(x, 'f', 3);
}

// The pages of a PDF written by Qt: its page objects (not the /Pages tree).
int pdfPages(const QByteArray &pdf)
{
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![s\\w])"));
    return int(QString::fromLatin1(pdf).count(page));
}
} // namespace

class TestHandoutWriter : public QObject
{
    Q_OBJECT

private slots:
    void blanksOfEachKind_data()
    {
        dataColumns<int, int, QList<int>, int, int, QStringList>("method", "asks", "keys", "column",
                                                                 "stage", "answers");
        const auto w = weights(1);
        QTest::newRow("weights of keys 1 and 3")
            << int(attn::Method::Dot) << int(attn::LessonAsks::Weights) << QList<int>{1, 3}
            << int(StepTableModel::WeightColumn) << int(Walkthrough::Normalisation)
            << QStringList{"w₁ = " + f3(w[0]), "w₃ = " + f3(w[2])};
        // Scaled dot product's s is q·k/√2, the scaling step's result.
        QTest::newRow("scaled score of key 2")
            << int(attn::Method::Scaled) << int(attn::LessonAsks::Scores) << QList<int>{2}
            << int(StepTableModel::ScoreColumn) << int(Walkthrough::Scaling)
            << QStringList{"s₂ = " + f3(2.2 / std::sqrt(2.0))};
        QTest::newRow("output")
            << int(attn::Method::Dot) << int(attn::LessonAsks::Output) << QList<int>{}
            << int(StepTableModel::ValueColumn) << int(Walkthrough::WeightedSum)
            << QStringList{QStringLiteral("o = (%1, %2)").arg(f3(w[0] + w[2]), f3(w[1] + w[2]))};
    }

    void blanksOfEachKind()
    {
        QFETCH(int, method);
        QFETCH(int, asks);
        QFETCH(QList<int>, keys);
        QFETCH(int, column);
        QFETCH(int, stage);
        QFETCH(QStringList, answers);
        SceneModel model;
        QVERIFY(!model.setScene(articleScene(attn::Method(method))));
        StepTableModel table(&model);
        attn::LessonQuestion question;
        question.asks = attn::LessonAsks(asks);
        question.keys.assign(keys.begin(), keys.end());
        const WorksheetBlanks blanks(question, table, attn::Method(method));
        QVERIFY(blanks.any());
        QCOMPARE(blanks.column(), column);
        QCOMPARE(blanks.stage(), stage);
        QCOMPARE(blanks.answers(table), answers);
        for (int row = 0; row < table.rowCount(); ++row) {
            const bool asked = asks == int(attn::LessonAsks::Output) ? row == table.sumRow()
                                                                     : keys.contains(row + 1);
            QCOMPARE(blanks.isBlank(row, column), asked);
        }
    }

    void tableKeepsTheColumnsShownAtTheStage()
    {
        SceneModel model;
        QVERIFY(!model.setScene(articleScene(attn::Method::Dot)));
        StepTableModel table(&model);
        attn::LessonQuestion question;
        question.asks = attn::LessonAsks::Weights;
        question.keys = {2};
        const WorksheetBlanks blanks(question, table, attn::Method::Dot);
        // A handout keeps every column.
        const WorksheetBlanks none;
        QCOMPARE(HandoutTable(table, none).columns().size(), int(StepTableModel::ColumnCount));
        Walkthrough walkthrough;
        walkthrough.start();
        for (int s = 0; s < blanks.stage(); ++s)
            walkthrough.nextStep();
        table.setWalkthrough(&walkthrough);
        // At normalisation, held back: the inputs, the scores, s/τ and the exponentials, and the
        // weight column for its boxes; not the values (the weighted sum comes later).
        const QList<int> expected{StepTableModel::KeyColumn,    StepTableModel::VectorColumn,
                                  StepTableModel::NormColumn,   StepTableModel::AngleColumn,
                                  StepTableModel::CosineColumn, StepTableModel::ScoreColumn,
                                  StepTableModel::LogitColumn,  StepTableModel::ShiftedColumn,
                                  StepTableModel::ExpColumn,    StepTableModel::WeightColumn};
        QCOMPARE(HandoutTable(table, blanks).columns(), expected);
    }

    void oneStepHandoutOfAScene()
    {
        const attn::Lesson lesson =
            HandoutWriter::oneStep(articleScene(attn::Method::Dot), false, true,
                                   QString(300, QChar(0x4E2D))); // a title too long for a lesson
        QCOMPARE(lesson.steps.size(), std::size_t(1));
        QVERIFY(attn::validateLesson(lesson));
        QVERIFY(lesson.title.en.size() <= std::size_t(attn::kMaxLessonTitleBytes));
        QVERIFY(lesson.steps[0].view.landscape);
        QString error;
        const QByteArray pdf = HandoutWriter(lesson, {}).render(&error);
        QVERIFY2(pdf.startsWith("%PDF-"), qPrintable(error));
        QCOMPARE(pdfPages(pdf), 1);
        // A worksheet of it: the page and the key's page, which says there is no question.
        HandoutWriter::Options worksheet;
        worksheet.worksheet = true;
        QCOMPARE(pdfPages(HandoutWriter(lesson, worksheet).render(&error)), 2);
    }

    void everyBuiltInLessonHasAPagePerStep()
    {
        for (const QString &path : LessonSession::builtInPaths()) {
            LessonSession session;
            QVERIFY(session.load(path, nullptr));
            QString error;
            HandoutWriter::Options o;
            o.language = QStringLiteral("zh_CN");
            const QByteArray pdf = HandoutWriter(session.lesson(), o).render(&error);
            QCOMPARE(pdfPages(pdf), session.stepCount());
        }
    }

    void theUsersColoursComeBack()
    {
        ColorScheme::set(ColorScheme::Theme::Dark, ColorScheme::Palette::Standard);
        QString error;
        const attn::Lesson lesson =
            HandoutWriter::oneStep(articleScene(attn::Method::Dot), false, false, "t");
        QVERIFY(!HandoutWriter(lesson, {}).render(&error).isEmpty());
        QCOMPARE(ColorScheme::theme(), ColorScheme::Theme::Dark);
        QCOMPARE(ColorScheme::palette(), ColorScheme::Palette::Standard);
        ColorScheme::set(ColorScheme::Theme::Light, ColorScheme::Palette::Standard);
    }

    // A long lesson's handout is drawn a page per pass of the event loop: the window's timers
    // run in between, always in the user's colours; Cancel writes nothing; without it every page
    // is there.
    void longHandoutTurnsTheEventLoopAndCancels()
    {
        LessonSession session;
        QVERIFY(session.load(LessonSession::builtInPaths().constFirst(), nullptr));
        attn::Lesson lesson = session.lesson();
        const std::vector<attn::LessonStep> steps = lesson.steps;
        while (lesson.steps.size() < 60)
            lesson.steps.push_back(steps[lesson.steps.size() % steps.size()]);
        ColorScheme::set(ColorScheme::Theme::Dark, ColorScheme::Palette::Standard);
        QWidget parent;
        parent.show();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("handout.pdf"));
        QVERIFY(clifiles::writeTo(path, "the handout that was there"));

        int turns = 0;
        bool printColoursSeen = false;
        bool clicked = false;
        bool cancel = true;
        QTimer poll;
        connect(&poll, &QTimer::timeout, this, [&] {
            ++turns;
            printColoursSeen = printColoursSeen || ColorScheme::theme() != ColorScheme::Theme::Dark;
            auto *progress = parent.findChild<QProgressDialog *>();
            if (!cancel || clicked || !progress || !progress->isVisible())
                return;
            for (auto *b : progress->findChildren<QPushButton *>()) {
                QTest::mouseClick(b, Qt::LeftButton);
                clicked = true;
            }
        });
        poll.start(1);
        QString error;
        bool cancelled = false;
        QVERIFY(!HandoutWriter(lesson, {}).writeWithProgress(path, &parent, &error, &cancelled));
        QVERIFY2(cancelled, qPrintable(error));
        QVERIFY(clicked);
        QCOMPARE(clifiles::readAll(path), QByteArray("the handout that was there"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("handout.pdf")});

        cancel = false;
        turns = 0;
        QVERIFY2(HandoutWriter(lesson, {}).writeWithProgress(path, &parent, &error, &cancelled),
                 qPrintable(error));
        poll.stop();
        QVERIFY(!cancelled);
        QVERIFY2(turns >= 30, qPrintable(QString::number(turns))); // about a turn a page
        QVERIFY(!printColoursSeen);
        QCOMPARE(pdfPages(clifiles::readAll(path)), 60);
        QCOMPARE(ColorScheme::theme(), ColorScheme::Theme::Dark);
        ColorScheme::set(ColorScheme::Theme::Light, ColorScheme::Palette::Standard);
    }

    void windowCommands()
    {
        SceneModel model;
        MainWindow window(&model);
        auto *handout = window.findChild<QAction *>(QStringLiteral("actionExportHandout"));
        auto *worksheet = window.findChild<QAction *>(QStringLiteral("actionExportWorksheet"));
        QVERIFY(handout && worksheet);
        // A scene alone has a handout but no questions for a worksheet.
        QVERIFY(handout->isEnabled());
        QVERIFY(!worksheet->isEnabled());
        QVERIFY(window.openLesson(LessonSession::builtInPaths().constFirst()));
        QVERIFY(worksheet->isEnabled());
        window.lessonSession()->close();
        QVERIFY(!worksheet->isEnabled());
        QVERIFY(handout->isEnabled());
    }
};

QTEST_MAIN(TestHandoutWriter)
#include "tst_handoutwriter.moc"
