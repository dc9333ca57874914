// The bad-input matrix in the window: MainWindow::openScene on every row of
// tests/common/badinputcases.h. The warning (a modal QMessageBox) must name the file and the
// problem and is closed by a timer, the way a user would click OK; the scene on the canvas must
// stay exactly as it was. A byte-order mark loads like the same file without it.

#include "common/badinputcases.h"
#include "common/mainwindowfixture.h"
#include "core/scenefile.h"
#include "mainwindow.h"
#include "model/scenemodel.h"

#include <QAbstractButton>
#include <QApplication>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

namespace {
// Closes every message box that opens while it lives and keeps their texts.
class DialogCloser : public QObject
{
public:
    DialogCloser()
    {
        connect(&m_timer, &QTimer::timeout, this, [this] {
            const auto windows = QApplication::topLevelWidgets();
            for (QWidget *w : windows) {
                auto *box = qobject_cast<QMessageBox *>(w);
                if (box && box->isVisible()) {
                    texts << box->text();
                    icons << box->icon();
                    if (QAbstractButton *ok = box->button(QMessageBox::Ok))
                        ok->click();
                    else
                        box->reject();
                }
            }
        });
        m_timer.start(10);
    }
    QStringList texts;
    QList<QMessageBox::Icon> icons;

private:
    QTimer m_timer;
};

using badinput::sceneText;
} // namespace

class TestBadInputGui : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(openMainWindow(m_model, m_window)); }

    void cleanupTestCase()
    {
        m_window.reset();
        m_model.reset();
    }

    void openScene_data() { badinput::addRows(); }

    void openScene()
    {
        BADINPUT_MAKE_ROW(c, dir, path);

        // A scene the user has edited: it must survive every bad file.
        QVERIFY(!m_model->setScene(attn::Scene::defaultScene()));
        QVERIFY(m_model->setTemperature(0.75));
        m_model->setMethod(attn::Method::Cosine);
        const std::string before = sceneText(m_model->scene());

        DialogCloser closer;
        const bool opened = m_window->openScene(path);

        if (c.kind == badinput::Kind::Bom) {
            QVERIFY(opened);
            QVERIFY(closer.texts.isEmpty());
            const auto plain = attn::parseScene(badinput::kFullScene);
            QVERIFY(plain.ok());
            QCOMPARE(sceneText(m_model->scene()), sceneText(*plain));
            return;
        }
        QVERIFY(!opened);
        QCOMPARE(closer.texts.size(), 1);
        QCOMPARE(closer.icons.at(0), QMessageBox::Warning);
        const QString text = closer.texts.at(0);
        QVERIFY2(text.contains(QDir::toNativeSeparators(path)), qPrintable(text));
        for (const QString &words : c.expected)
            QVERIFY2(text.contains(words),
                     qPrintable(QStringLiteral("\"%1\" is not in: %2").arg(words, text)));
        QCOMPARE(sceneText(m_model->scene()), before);
        QVERIFY(m_model->hasResult());
    }

private:
    std::unique_ptr<SceneModel> m_model;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestBadInputGui)
#include "tst_badinputgui.moc"
