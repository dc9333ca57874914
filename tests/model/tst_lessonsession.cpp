#include "common/clifiles.h"
#include "core/lessonfile.h"
#include "model/lessonsession.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {

QByteArray scene(const char *method)
{
    return QByteArray(clifiles::kArticleScene).replace("\"dot\"", QByteArray("\"") + method + "\"");
}

// Three scene steps: the second asks a question; the third has a note in Chinese only.
QByteArray lessonText()
{
    return R"({"format": "attention-canvas-lesson", "version": 1,
      "title": {"en": "Scores", "zh_CN": "分数"},
      "steps": [
        {"scene": )" +
           scene("dot") + R"(, "note": {"en": "First.", "zh_CN": "第一步。"}},
        {"scene": )" +
           scene("scaled") + R"(, "note": {"en": "Second."},
         "question": {"prompt": {"en": "Guess.", "zh_CN": "猜一猜。"}, "asks": "weights", "keys": [2]}},
        {"scene": )" +
           scene("cosine") + R"(, "note": {"zh_CN": "只有中文。"}}
      ]})";
}

} // namespace

class TestLessonSession : public QObject
{
    Q_OBJECT

private slots:
    void walksForwardAndBack()
    {
        LessonSession session;
        QString why;
        QVERIFY2(session.loadText(lessonText(), QString(), &why), qPrintable(why));
        QCOMPARE(session.stepCount(), 3);
        QCOMPARE(session.title(QStringLiteral("zh_CN")), QStringLiteral("分数"));
        // Each state the presenter shows, in order: (step, asking).
        const QList<QPair<int, bool>> forward{{0, false}, {1, true}, {1, false}, {2, false}};
        QList<QPair<int, bool>> seen{{session.current(), session.isAsking()}};
        while (session.next())
            seen.append({session.current(), session.isAsking()});
        QCOMPARE(seen, forward);
        QVERIFY(!session.next());
        seen = {{session.current(), session.isAsking()}};
        while (session.previous())
            seen.append({session.current(), session.isAsking()});
        QList<QPair<int, bool>> back = forward;
        std::reverse(back.begin(), back.end());
        QCOMPARE(seen, back);
    }

    void textsInEitherLanguage()
    {
        LessonSession session;
        QVERIFY(session.loadText(lessonText(), QString(), nullptr));
        QCOMPARE(session.note(QStringLiteral("zh_CN")), QStringLiteral("第一步。"));
        session.next();
        QCOMPARE(session.prompt(QStringLiteral("zh_CN")), QStringLiteral("猜一猜。"));
        // English only: shown in Chinese too.
        QCOMPARE(session.note(QStringLiteral("zh_CN")), QStringLiteral("Second."));
        session.goTo(2);
        QCOMPARE(session.note(QStringLiteral("en")), QStringLiteral("只有中文。"));
        QCOMPARE(session.prompt(QStringLiteral("en")), QString());
    }

    void refusalNamesTheField()
    {
        LessonSession session;
        QVERIFY(session.loadText(lessonText(), QString(), nullptr));
        QString why;
        QByteArray bad = lessonText();
        bad.replace("\"keys\": [2]", "\"keys\": [4]");
        QVERIFY(!session.loadText(bad, QString(), &why));
        QVERIFY2(why.contains(QStringLiteral("steps[1].question.keys[0]")), qPrintable(why));
        QVERIFY2(why.contains(QStringLiteral("4")), qPrintable(why));
        // The lesson that was open stays open, where it was.
        QCOMPARE(session.stepCount(), 3);
        // A scene file is not a lesson: said in the lesson's words.
        QVERIFY(!session.loadText(clifiles::kArticleScene, QString(), &why));
        QVERIFY2(why.contains(QStringLiteral("lesson")), qPrintable(why));
        // A problem inside a step's scene is told in the scene's words, with the whole path.
        bad = lessonText();
        bad.replace("\"scaled\"", "\"dots\"");
        QVERIFY(!session.loadText(bad, QString(), &why));
        QVERIFY2(why.contains(QStringLiteral("steps[1].scene.method")) &&
                     why.contains(QStringLiteral("dots")),
                 qPrintable(why));
    }

    void savesAndRecognisesFiles()
    {
        QTemporaryDir dir;
        LessonSession session;
        QVERIFY(session.loadText(lessonText(), QString(), nullptr));
        const QString path = dir.filePath(QStringLiteral("lesson.json"));
        QString why;
        QVERIFY2(session.save(path, &why), qPrintable(why));
        QVERIFY(LessonSession::isLessonFile(path));
        const QString scenePath =
            clifiles::write(dir, QStringLiteral("scene.json"), clifiles::kArticleScene);
        QVERIFY(!LessonSession::isLessonFile(scenePath));
        QVERIFY(!LessonSession::isLessonFile(dir.path()));
        LessonSession again;
        QVERIFY2(again.load(path, &why), qPrintable(why));
        QCOMPARE(attn::writeLesson(again.lesson()), attn::writeLesson(session.lesson()));
    }

    void editsKeepTheRules()
    {
        LessonSession session;
        QVERIFY(session.loadText(lessonText(), QString(), nullptr));
        QSignalSpy edited(&session, &LessonSession::edited);
        attn::LessonStep copy = session.lesson().steps[0];
        QVERIFY(session.insertStep(3, copy));
        QCOMPARE(session.stepCount(), 4);
        QCOMPARE(session.current(), 3);
        QVERIFY(session.moveStep(3, 0));
        QCOMPARE(session.current(), 0);
        QVERIFY(session.removeStep(0));
        QCOMPARE(session.stepCount(), 3);
        QVERIFY(session.setNote(2, attn::LessonText{"New.", {}}));
        QCOMPARE(session.lesson().steps[2].note->text("zh_CN"), std::string("New."));
        // A note with no language breaks the file's rules: refused, nothing changes.
        QVERIFY(!session.setNote(2, attn::LessonText{}));
        QCOMPARE(session.lesson().steps[2].note->en, std::string("New."));
        // The last step cannot go: a lesson has at least one.
        QVERIFY(session.removeStep(0) && session.removeStep(0));
        QVERIFY(!session.removeStep(0));
        QCOMPARE(edited.count(), 6);
    }

    void wholeLessonReplacedForUndo()
    {
        // What the lesson editor's undo puts back: a whole lesson, the place clamped, checked
        // like every edit; nothing without an open lesson.
        LessonSession closed;
        LessonSession session;
        QVERIFY(session.loadText(lessonText(), QString(), nullptr));
        const attn::Lesson before = session.lesson();
        QVERIFY(!closed.setLesson(before, 0));
        QVERIFY(!closed.isOpen());
        attn::Lesson shorter = before;
        shorter.steps.pop_back();
        shorter.title.en = "Fewer";
        QSignalSpy edited(&session, &LessonSession::edited);
        QVERIFY(session.setLesson(shorter, 7));
        QCOMPARE(session.current(), 1);
        QCOMPARE(session.title(QStringLiteral("en")), QStringLiteral("Fewer"));
        attn::Lesson broken = before;
        broken.title = {};
        QVERIFY(!session.setLesson(broken, 0));
        QCOMPARE(session.stepCount(), 2);
        QVERIFY(session.setLesson(before, 2));
        QCOMPARE(attn::writeLesson(session.lesson()), attn::writeLesson(before));
        QCOMPARE(edited.count(), 2);
    }
};

QTEST_GUILESS_MAIN(TestLessonSession)
#include "tst_lessonsession.moc"
