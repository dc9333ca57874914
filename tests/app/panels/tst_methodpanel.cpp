#include "common/matrixcompare.h"
#include "core/attention.h"
#include "core/headpresets.h"
#include "core/random.h"
#include "core/scene.h"
#include "document/sceneeditor.h"
#include "methods/methodnames.h"
#include "model/scenemodel.h"
#include "panels/methodpanel.h"
#include "panels/temperaturecontrol.h"
#include "widgets/matrixeditor.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTest>
#include <QUndoStack>
#include <QWheelEvent>

#include <cmath>
#include <initializer_list>
#include <memory>

Q_DECLARE_METATYPE(attn::Method)

namespace {

using matrixcompare::near;
using matrixcompare::rows;

// The slider's mapping, written out here rather than taken from TemperatureControl.
double tauAt(int position)
{
    return 0.05 * std::pow(20.0 / 0.05, position / 1000.0);
}

int positionFor(double tau)
{
    return int(std::lround(1000.0 * std::log(tau / 0.05) / std::log(400.0)));
}

double rounded3(double x)
{
    return std::round(x * 1000.0) / 1000.0;
}

/// Types into a number box as a user does: select everything, type, press Return.
void typeInto(QAbstractSpinBox *box, const QString &text)
{
    QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

/// Chooses a combo box entry with the keyboard.
void chooseWithKeys(QComboBox *combo, int index)
{
    QTest::keyClick(combo, Qt::Key_Home);
    for (int i = 0; i < index; ++i)
        QTest::keyClick(combo, Qt::Key_Down);
}

void clickCheckBox(QCheckBox *box)
{
    QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(8, box->height() / 2));
}

} // namespace

class TestMethodPanel : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void showsTheDefaultScene();
    void methodCombo_data();
    void methodCombo();
    void temperatureSlider_data();
    void temperatureSlider();
    void temperatureTyped_data();
    void temperatureTyped();
    void temperatureReset();
    void scaleDimension();
    void scaleDimensionAtLeastOne();
    void generalEntry_data();
    void generalEntry();
    void wheelNeedsFocus();
    void additiveEntryKeepsOtherEntries();
    void additiveHiddenSizeAndRandomise();
    void multiHeadHeadsAndPresets();
    void multiHeadOutput();
    void rotationNoteFollowsTheHead();
    void formulaHasTheWholeComputation();
    void followsSetScene();
    void editsAreUndoable();
    void everyControlIsDescribed();
    void languageChange();
    void fitsTheDock_data();
    void fitsTheDock();

private:
    template <typename T> T *find(const QByteArray &name)
    {
        auto *w = m_panel->findChild<T *>(QString::fromLatin1(name));
        if (!w)
            qFatal("no child %s", name.constData());
        return w;
    }
    void typeHeadCount(int count)
    {
        typeInto(find<QSpinBox>("headCountSpin"), QString::number(count));
    }

    std::unique_ptr<SceneModel> m_model;
    std::unique_ptr<SceneEditor> m_editor;
    std::unique_ptr<MethodPanel> m_panel;
};

void TestMethodPanel::init()
{
    m_model = std::make_unique<SceneModel>();
    m_editor = std::make_unique<SceneEditor>(m_model.get());
    m_panel = std::make_unique<MethodPanel>(m_editor.get());
    m_panel->resize(380, 1600);
    m_panel->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_panel.get()));
}

void TestMethodPanel::cleanup()
{
    m_panel.reset();
    m_editor.reset();
    m_model.reset();
}

void TestMethodPanel::showsTheDefaultScene()
{
    QCOMPARE(find<QComboBox>("methodCombo")->currentIndex(), int(attn::Method::Dot));
    QCOMPARE(find<QStackedWidget>("pages")->currentWidget()->objectName(), QString("pageDot"));
    QCOMPARE(find<TemperatureControl>("temperatureControl")->spinBox()->value(), 1.0);
    QCOMPARE(find<TemperatureControl>("temperatureControl")->slider()->value(), 500);
    QCOMPARE(find<QLabel>("formulaLabel")->text(), MethodNames::formula(attn::Method::Dot));
}

void TestMethodPanel::methodCombo_data()
{
    QTest::addColumn<int>("index");
    QTest::addColumn<attn::Method>("expected");
    QTest::addColumn<QString>("page");
    QTest::newRow("dot") << 0 << attn::Method::Dot << "pageDot";
    QTest::newRow("scaled") << 1 << attn::Method::Scaled << "pageScaled";
    QTest::newRow("cosine") << 2 << attn::Method::Cosine << "pageCosine";
    QTest::newRow("general") << 3 << attn::Method::General << "pageGeneral";
    QTest::newRow("additive") << 4 << attn::Method::Additive << "pageAdditive";
    QTest::newRow("multi-head") << 5 << attn::Method::MultiHead << "pageMultiHead";
}

void TestMethodPanel::methodCombo()
{
    QFETCH(int, index);
    QFETCH(attn::Method, expected);
    QFETCH(QString, page);
    // Start elsewhere so that every row is a real change.
    m_model->setMethod(expected == attn::Method::Cosine ? attn::Method::Dot : attn::Method::Cosine);
    auto *combo = find<QComboBox>("methodCombo");
    chooseWithKeys(combo, index);
    QCOMPARE(m_model->scene().method, expected);
    QCOMPARE(combo->currentText(), MethodNames::name(expected));
    QCOMPARE(find<QLabel>("formulaLabel")->text(), MethodNames::formula(expected));
    auto *pages = find<QStackedWidget>("pages");
    QCOMPARE(pages->currentWidget()->objectName(), page);
    for (int i = 0; i < pages->count(); ++i)
        QCOMPARE(pages->widget(i)->isVisible(), i == pages->currentIndex());
    QVERIFY(find<TemperatureControl>("temperatureControl")->isVisible());
}

void TestMethodPanel::temperatureSlider_data()
{
    QTest::addColumn<int>("pageUps"); // from the left end; −1 = press End
    QTest::addColumn<int>("position");
    QTest::newRow("left end") << 0 << 0;
    QTest::newRow("one page") << 1 << 100;
    QTest::newRow("middle") << 5 << 500;
    QTest::newRow("eight pages") << 8 << 800;
    QTest::newRow("right end") << -1 << 1000;
}

void TestMethodPanel::temperatureSlider()
{
    QFETCH(int, pageUps);
    QFETCH(int, position);
    auto *control = find<TemperatureControl>("temperatureControl");
    QSlider *slider = control->slider();
    QTest::keyClick(slider, pageUps < 0 ? Qt::Key_End : Qt::Key_Home);
    for (int i = 0; i < pageUps; ++i)
        QTest::keyClick(slider, Qt::Key_PageUp);
    QCOMPARE(slider->value(), position);

    const double tau = m_model->scene().temperature;
    if (position == 0)
        QCOMPARE(tau, 0.05);
    else if (position == 1000)
        QCOMPARE(tau, 20.0);
    else
        QVERIFY2(std::abs(tau - tauAt(position)) < 1e-12, QByteArray::number(tau, 'g', 17));
    QCOMPARE(control->spinBox()->value(), rounded3(tauAt(position)));
    QCOMPARE(m_model->result().temperature, tau);
}

void TestMethodPanel::temperatureTyped_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("tau");
    QTest::newRow("2.5") << "2.5" << 2.5;
    QTest::newRow("0.1") << "0.1" << 0.1;
    QTest::newRow("1") << "1" << 1.0;
    QTest::newRow("lowest") << "0.05" << 0.05;
    QTest::newRow("highest") << "20" << 20.0;
    QTest::newRow("7.125") << "7.125" << 7.125;
}

void TestMethodPanel::temperatureTyped()
{
    QFETCH(QString, text);
    QFETCH(double, tau);
    auto *control = find<TemperatureControl>("temperatureControl");
    typeInto(control->spinBox(), text);
    QCOMPARE(m_model->scene().temperature, tau);
    QCOMPARE(control->slider()->value(), positionFor(tau));
    QCOMPARE(control->spinBox()->text(), QString::number(tau, 'f', 3));
}

void TestMethodPanel::temperatureReset()
{
    QVERIFY(m_model->setTemperature(5.0));
    auto *control = find<TemperatureControl>("temperatureControl");
    QCOMPARE(control->spinBox()->value(), 5.0);
    QCOMPARE(control->slider()->value(), positionFor(5.0));
    QTest::mouseClick(control->resetButton(), Qt::LeftButton);
    QCOMPARE(m_model->scene().temperature, 1.0);
    QCOMPARE(control->slider()->value(), 500);
    QCOMPARE(control->spinBox()->value(), 1.0);
}

void TestMethodPanel::scaleDimension()
{
    m_model->setMethod(attn::Method::Scaled);
    auto *check = find<QCheckBox>("useVectorDimCheck");
    auto *spin = find<QDoubleSpinBox>("scaleDimSpin");
    QVERIFY(check->isChecked());
    QVERIFY(!spin->isEnabled());
    QVERIFY(!m_model->scene().scaleDim);

    clickCheckBox(check);
    QVERIFY(spin->isEnabled());
    QCOMPARE(m_model->scene().scaleDim, std::optional<double>(2.0));
    typeInto(spin, "64");
    QCOMPARE(m_model->scene().scaleDim, std::optional<double>(64.0));
    QCOMPARE(m_model->result().scaleDim, 64.0);
    QVERIFY(find<QLabel>("scaleInUseLabel")->text().contains("64"));

    clickCheckBox(check);
    QVERIFY(!m_model->scene().scaleDim);
    QCOMPARE(m_model->result().scaleDim, 2.0);
    QVERIFY(!spin->isEnabled());
    // Unticking again brings the typed d back.
    clickCheckBox(check);
    QCOMPARE(m_model->scene().scaleDim, std::optional<double>(64.0));
}

void TestMethodPanel::scaleDimensionAtLeastOne()
{
    // A d below 1 would spread the scores apart, against the text beside the box.
    m_model->setMethod(attn::Method::Scaled);
    auto *spin = find<QDoubleSpinBox>("scaleDimSpin");
    clickCheckBox(find<QCheckBox>("useVectorDimCheck"));
    QCOMPARE(m_model->scene().scaleDim, std::optional<double>(2.0));
    typeInto(spin, "0.5");
    QVERIFY(m_model->scene().scaleDim);
    QVERIFY2(*m_model->scene().scaleDim >= 1.0,
             qPrintable(QString::number(*m_model->scene().scaleDim)));
    typeInto(spin, "1");
    QCOMPARE(m_model->scene().scaleDim, std::optional<double>(1.0));
    QTest::keyClick(spin, Qt::Key_Down);
    QCOMPARE(m_model->scene().scaleDim, std::optional<double>(1.0));
    QVERIFY(spin->toolTip().contains(QStringLiteral("at least 1")));
}

void TestMethodPanel::generalEntry_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<int>("column");
    QTest::addColumn<QString>("text");
    QTest::addColumn<double>("value");
    QTest::newRow("w12 = 0.5") << 0 << 1 << "0.5" << 0.5;
    QTest::newRow("w21 = -1.25") << 1 << 0 << "-1.25" << -1.25;
    QTest::newRow("w11 = 3") << 0 << 0 << "3" << 3.0;
    QTest::newRow("w22 = 0") << 1 << 1 << "0" << 0.0;
}

void TestMethodPanel::generalEntry()
{
    QFETCH(int, row);
    QFETCH(int, column);
    QFETCH(QString, text);
    QFETCH(double, value);
    m_model->setMethod(attn::Method::General);
    auto *editor = find<MatrixEditor>("generalEditor");
    QCOMPARE(editor->rows(), 2);
    QCOMPARE(editor->columns(), 2);
    typeInto(editor->entry(row, column), text);

    attn::Matrix w = attn::Matrix::Identity(2, 2);
    w(row, column) = value;
    QCOMPARE(m_model->scene().general, w);

    attn::AttentionParams params;
    params.general = w;
    const attn::Scene &s = m_model->scene();
    auto expected = attn::attend(s.query, s.keys, s.values, attn::Method::General, params);
    QVERIFY(expected);
    QVERIFY(m_model->hasResult());
    COMPARE_MATRIX(m_model->result().scores, expected.value().scores, 0.0);
    COMPARE_MATRIX(m_model->result().weights, expected.value().weights, 0.0);
    COMPARE_MATRIX(m_model->result().output, expected.value().output, 0.0);

    QTest::mouseClick(find<QPushButton>("generalResetButton"), Qt::LeftButton);
    QCOMPARE(m_model->scene().general, attn::Matrix(attn::Matrix::Identity(2, 2)));
    QCOMPARE(editor->entry(row, column)->value(), row == column ? 1.0 : 0.0);
}

void TestMethodPanel::wheelNeedsFocus()
{
    m_model->setMethod(attn::Method::General);
    QDoubleSpinBox *box = find<MatrixEditor>("generalEditor")->entry(0, 0);
    box->clearFocus();
    QVERIFY(!box->hasFocus());
    const QPointF at(box->width() / 2.0, box->height() / 2.0);
    QWheelEvent wheel(at, box->mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(box, &wheel);
    QCOMPARE(m_model->scene().general, attn::Matrix(attn::Matrix::Identity(2, 2)));
}

void TestMethodPanel::additiveEntryKeepsOtherEntries()
{
    m_model->setMethod(attn::Method::Additive);
    const attn::AdditiveParams before = m_model->scene().additive;
    typeInto(find<MatrixEditor>("additiveBv")->entry(1, 1), "0.25");
    attn::AdditiveParams expected = before;
    expected.v(1) = 0.25;
    const attn::AdditiveParams &after = m_model->scene().additive;
    // The boxes show 3 decimals; the entries not typed in must keep every digit.
    QCOMPARE(after.wq, expected.wq);
    QCOMPARE(after.wk, expected.wk);
    QCOMPARE(after.b, expected.b);
    QCOMPARE(after.v, expected.v);

    typeInto(find<MatrixEditor>("additiveWk")->entry(2, 1), "-0.5");
    QCOMPARE(m_model->scene().additive.wk(2, 1), -0.5);
    QCOMPARE(m_model->scene().additive.wq, before.wq);
}

void TestMethodPanel::additiveHiddenSizeAndRandomise()
{
    m_model->setMethod(attn::Method::Additive);
    const attn::AdditiveParams old = m_model->scene().additive;
    QCOMPARE(find<QSpinBox>("hiddenSpin")->value(), 4);

    typeInto(find<QSpinBox>("seedSpin"), "7");
    typeInto(find<QSpinBox>("hiddenSpin"), "6");
    const attn::AdditiveParams fresh = attn::defaults::additive(6, 7);
    const attn::AdditiveParams &grown = m_model->scene().additive;
    QCOMPARE(grown.hiddenSize(), 6);
    QCOMPARE(attn::Matrix(grown.wq.topRows(4)), old.wq);
    QCOMPARE(attn::Matrix(grown.wq.bottomRows(2)), attn::Matrix(fresh.wq.bottomRows(2)));
    QCOMPARE(attn::Vector(grown.v.head(4)), old.v);
    QCOMPARE(attn::Vector(grown.b.tail(2)), attn::Vector(fresh.b.tail(2)));
    QCOMPARE(find<MatrixEditor>("additiveWq")->rows(), 6);
    QCOMPARE(find<MatrixEditor>("additiveBv")->rows(), 6);

    QTest::mouseClick(find<QPushButton>("randomiseButton"), Qt::LeftButton);
    const attn::AdditiveParams &r = m_model->scene().additive;
    QCOMPARE(r.wq, fresh.wq);
    QCOMPARE(r.wk, fresh.wk);
    QCOMPARE(r.b, fresh.b);
    QCOMPARE(r.v, fresh.v);
    QCOMPARE(find<MatrixEditor>("additiveWk")->entry(5, 1)->value(), rounded3(fresh.wk(5, 1)));
    QCOMPARE(find<MatrixEditor>("additiveBv")->entry(3, 0)->value(), rounded3(fresh.b(3)));
    QCOMPARE(find<MatrixEditor>("additiveBv")->entry(3, 1)->value(), rounded3(fresh.v(3)));

    typeInto(find<QSpinBox>("hiddenSpin"), "2");
    QCOMPARE(m_model->scene().additive.hiddenSize(), 2);
    QCOMPARE(m_model->scene().additive.wq, attn::Matrix(fresh.wq.topRows(2)));
    QCOMPARE(find<MatrixEditor>("additiveWq")->rows(), 2);
    QVERIFY(m_model->hasResult());
}

void TestMethodPanel::multiHeadHeadsAndPresets()
{
    m_model->setMethod(attn::Method::MultiHead);
    auto *headCombo = find<QComboBox>("headCombo");
    auto *presetCombo = find<QComboBox>("presetCombo");
    auto *apply = find<QPushButton>("applyPresetButton");
    auto *targetQuery = find<QCheckBox>("targetQuery");
    auto *targetKey = find<QCheckBox>("targetKey");
    auto *targetValue = find<QCheckBox>("targetValue");
    QCOMPARE(headCombo->count(), 2);

    typeHeadCount(3);
    const attn::MultiHeadParams *p = &m_model->scene().multiHead;
    QCOMPARE(p->heads.size(), std::size_t(3));
    QCOMPARE(p->wo.rows(), 2);
    QCOMPARE(p->wo.cols(), 3);
    // d_v = 1: heads 1 and 3 write to x (averaged), head 2 to y.
    COMPARE_MATRIX(p->wo, rows({{0.5, 0, 0.5}, {0, 1, 0}}), 1e-15);
    // The new head looks 90° round: the x coordinate of the rotated vector is −y.
    COMPARE_MATRIX(p->heads[2].wq, rows({{0, -1}}), 1e-15);
    COMPARE_MATRIX(p->heads[2].wv, rows({{1, 0}}), 0.0);
    QCOMPARE(headCombo->count(), 3);
    QVERIFY(m_model->hasResult());

    // Head 2: a rotation by 30° goes to W_Q alone by default (the same rotation on both sides
    // changes nothing when d_k = 2); tick Key as well for this d_k = 1 head.
    chooseWithKeys(headCombo, 1);
    QCOMPARE(find<QGroupBox>("presetGroup")->title(), QString("Preset for head 2"));
    chooseWithKeys(presetCombo, 1);
    QVERIFY(find<QDoubleSpinBox>("angleSpin")->isEnabled());
    QVERIFY(!find<QSpinBox>("presetSeedSpin")->isEnabled());
    QVERIFY(targetQuery->isChecked());
    QVERIFY(!targetKey->isChecked());
    QVERIFY(!targetValue->isChecked());
    typeInto(find<QDoubleSpinBox>("angleSpin"), "30");
    QTest::mouseClick(apply, Qt::LeftButton);
    p = &m_model->scene().multiHead;
    const double c30 = std::sqrt(3.0) / 2;
    COMPARE_MATRIX(p->heads[1].wq, rows({{c30, -0.5}}), 1e-15);
    COMPARE_MATRIX(p->heads[1].wk, rows({{0, 1}}), 0.0);
    clickCheckBox(targetKey);
    QTest::mouseClick(apply, Qt::LeftButton);
    p = &m_model->scene().multiHead;
    COMPARE_MATRIX(p->heads[1].wq, rows({{c30, -0.5}}), 1e-15);
    COMPARE_MATRIX(p->heads[1].wk, rows({{c30, -0.5}}), 1e-15);
    COMPARE_MATRIX(p->heads[1].wv, rows({{0, 1}}), 0.0);
    QCOMPARE(find<MatrixEditor>("headWq")->entry(0, 0)->value(), 0.866);

    // Head 3: d_k = 2 keeps the row and adds a zero row; then the identity preset.
    chooseWithKeys(headCombo, 2);
    typeInto(find<QSpinBox>("keyDimSpin"), "2");
    p = &m_model->scene().multiHead;
    COMPARE_MATRIX(p->heads[2].wq, rows({{0, -1}, {0, 0}}), 1e-15);
    QCOMPARE(find<MatrixEditor>("headWk")->rows(), 2);
    chooseWithKeys(presetCombo, 0);
    QVERIFY(targetQuery->isChecked() && targetKey->isChecked() && !targetValue->isChecked());
    QTest::mouseClick(apply, Qt::LeftButton);
    p = &m_model->scene().multiHead;
    COMPARE_MATRIX(p->heads[2].wq, rows({{1, 0}, {0, 1}}), 0.0);
    COMPARE_MATRIX(p->heads[2].wk, rows({{1, 0}, {0, 1}}), 0.0);

    // Head 1: project W_V onto y only (the preset first: it brings its default targets).
    chooseWithKeys(headCombo, 0);
    chooseWithKeys(presetCombo, 3);
    clickCheckBox(targetQuery);
    clickCheckBox(targetKey);
    QVERIFY(!apply->isEnabled());
    clickCheckBox(targetValue);
    QVERIFY(apply->isEnabled());
    QTest::mouseClick(apply, Qt::LeftButton);
    p = &m_model->scene().multiHead;
    COMPARE_MATRIX(p->heads[0].wv, rows({{0, 1}}), 0.0);
    COMPARE_MATRIX(p->heads[0].wq, rows({{1, 0}}), 0.0);

    // Head 1: random W_K with seed 5 (W_K draws from seed + 1).
    chooseWithKeys(presetCombo, 4);
    clickCheckBox(targetQuery);
    typeInto(find<QSpinBox>("presetSeedSpin"), "5");
    QTest::mouseClick(apply, Qt::LeftButton);
    attn::Random rng(6);
    const double a = -1.0 + 2.0 * rng.uniform();
    const double b = -1.0 + 2.0 * rng.uniform();
    p = &m_model->scene().multiHead;
    COMPARE_MATRIX(p->heads[0].wk, rows({{a, b}}), 0.0);
    COMPARE_MATRIX(p->heads[0].wv, rows({{0, 1}}), 0.0);
    QVERIFY(m_model->hasResult());
    QCOMPARE(m_model->result().heads.size(), std::size_t(3));
}

void TestMethodPanel::multiHeadOutput()
{
    m_model->setMethod(attn::Method::MultiHead);
    typeHeadCount(3);
    typeInto(find<QSpinBox>("valueDimSpin"), "2");
    const double t = 1.0 / 3.0;
    const attn::MultiHeadParams *p = &m_model->scene().multiHead;
    for (const attn::Head &h : p->heads)
        COMPARE_MATRIX(h.wv, rows({{1, 0}, {0, 1}}), 0.0);
    COMPARE_MATRIX(p->wo, rows({{t, 0, t, 0, t, 0}, {0, t, 0, t, 0, t}}), 1e-15);
    auto *output = find<MatrixEditor>("outputEditor");
    QCOMPARE(output->columns(), 6);
    QCOMPARE(output->rows(), 2);

    typeHeadCount(2);
    p = &m_model->scene().multiHead;
    QCOMPARE(p->heads.size(), std::size_t(2));
    COMPARE_MATRIX(p->wo, rows({{0.5, 0, 0.5, 0}, {0, 0.5, 0, 0.5}}), 1e-15);
    QCOMPARE(output->columns(), 4);

    typeInto(output->entry(0, 1), "0.25");
    QCOMPARE(m_model->scene().multiHead.wo(0, 1), 0.25);
    QCOMPARE(m_model->scene().multiHead.wo(0, 0), 0.5);
    // An edited W_O keeps its blocks when a head is added.
    typeHeadCount(3);
    p = &m_model->scene().multiHead;
    COMPARE_MATRIX(p->wo, rows({{0.5, 0.25, 0.5, 0, t, 0}, {0, 0.5, 0, 0.5, 0, t}}), 1e-15);

    QTest::mouseClick(find<QPushButton>("averageOutputButton"), Qt::LeftButton);
    COMPARE_MATRIX(m_model->scene().multiHead.wo, rows({{t, 0, t, 0, t, 0}, {0, t, 0, t, 0, t}}),
                   1e-15);
    QVERIFY(m_model->hasResult());
}

void TestMethodPanel::rotationNoteFollowsTheHead()
{
    m_model->setMethod(attn::Method::MultiHead);
    auto *presetCombo = find<QComboBox>("presetCombo");
    auto *targetKey = find<QCheckBox>("targetKey");
    auto *note = find<QLabel>("presetNote");
    QVERIFY(note->isHidden());

    // Rotation alone on the query: a real change, nothing to warn about.
    chooseWithKeys(presetCombo, 1);
    QVERIFY(!targetKey->isChecked());
    QVERIFY(note->isHidden());

    // Both sides with d_k = 1 (the default heads): the head looks along one direction.
    clickCheckBox(targetKey);
    QVERIFY(!note->isHidden());
    QVERIFY2(note->text().contains(QStringLiteral("one direction")), qPrintable(note->text()));

    // Both sides with d_k = 2: nothing changes, and the note says so.
    typeInto(find<QSpinBox>("keyDimSpin"), "2");
    QCOMPARE(m_model->scene().multiHead.heads[0].wq.rows(), 2);
    QVERIFY2(note->text().contains(QStringLiteral("exactly the scaled dot-product scores")),
             qPrintable(note->text()));
    QTest::mouseClick(find<QPushButton>("applyPresetButton"), Qt::LeftButton);
    const attn::Matrix r = m_model->scene().multiHead.heads[0].wq;
    COMPARE_MATRIX(r, m_model->scene().multiHead.heads[0].wk, 0.0);
    QVERIFY(std::abs(r(0, 1)) > 0.5); // really rotated (45°)
    // q·kᵢ / √2 for the article's scene, by hand: 1.4, 2.2, 1.92 over √2.
    const attn::Vector &scores = m_model->result().heads[0].scores;
    const double dots[3] = {1.4, 2.2, 1.92};
    for (int i = 0; i < 3; ++i)
        QVERIFY(std::abs(scores[i] - dots[i] / std::sqrt(2.0)) <= 1e-12);

    // Another preset: no note.
    chooseWithKeys(presetCombo, 2);
    QVERIFY(note->isHidden());
}

void TestMethodPanel::formulaHasTheWholeComputation()
{
    // head_h = Σᵢ softmax((W_Q q)·(W_K kᵢ)/(√d_k τ))ᵢ W_V vᵢ, out = W_O [head_1; …]: the values,
    // their projection, the temperature and W_O all appear.
    m_model->setMethod(attn::Method::MultiHead);
    const QString text = find<QLabel>("formulaLabel")->text();
    for (const char *part : {"W<sub>V</sub>", "v<sub>i</sub>", "τ", "W<sub>O</sub>", "Σ",
                             "W<sub>Q</sub>", "W<sub>K</sub>", "√d<sub>k</sub>"})
        QVERIFY2(text.contains(QString::fromUtf8(part)), part);
}

void TestMethodPanel::followsSetScene()
{
    attn::Scene s = attn::Scene::defaultScene();
    s.method = attn::Method::Additive;
    s.temperature = 3.0;
    s.scaleDim = 64.0;
    s.general = rows({{2, 0}, {0, 0.5}});
    s.additive = attn::defaults::additive(3, 11);
    attn::MultiHeadParams mh;
    for (int j = 0; j < 4; ++j)
        mh.heads.push_back({attn::Matrix::Identity(2, 2), attn::Matrix::Identity(2, 2),
                            attn::Matrix::Identity(2, 2)});
    mh.wo = attn::Matrix::Constant(2, 8, 0.125);
    s.multiHead = mh;

    find<QComboBox>("headCombo")->setCurrentIndex(1);
    QSignalSpy changes(m_model.get(), &SceneModel::changed);
    QVERIFY(!m_model->setScene(s));
    // The panel only shows the new scene: it sends nothing back.
    QCOMPARE(changes.count(), 1);

    QCOMPARE(find<QComboBox>("methodCombo")->currentIndex(), int(attn::Method::Additive));
    QCOMPARE(find<QStackedWidget>("pages")->currentWidget()->objectName(), QString("pageAdditive"));
    auto *control = find<TemperatureControl>("temperatureControl");
    QCOMPARE(control->spinBox()->value(), 3.0);
    QCOMPARE(control->slider()->value(), positionFor(3.0));
    QCOMPARE(find<QSpinBox>("hiddenSpin")->value(), 3);
    auto *wq = find<MatrixEditor>("additiveWq");
    QCOMPARE(wq->rows(), 3);
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 2; ++c)
            QCOMPARE(wq->entry(r, c)->value(), rounded3(s.additive.wq(r, c)));
    QCOMPARE(find<MatrixEditor>("additiveBv")->entry(2, 1)->value(), rounded3(s.additive.v(2)));
    QVERIFY(!find<QCheckBox>("useVectorDimCheck")->isChecked());
    QCOMPARE(find<QDoubleSpinBox>("scaleDimSpin")->value(), 64.0);
    QCOMPARE(find<MatrixEditor>("generalEditor")->entry(0, 0)->value(), 2.0);
    QCOMPARE(find<MatrixEditor>("generalEditor")->entry(1, 1)->value(), 0.5);
    QCOMPARE(find<QSpinBox>("headCountSpin")->value(), 4);
    QCOMPARE(find<QSpinBox>("valueDimSpin")->value(), 2);
    QCOMPARE(find<QComboBox>("headCombo")->count(), 4);
    QCOMPARE(find<QComboBox>("headCombo")->currentIndex(), 1);
    QCOMPARE(find<QSpinBox>("keyDimSpin")->value(), 2);
    QCOMPARE(find<MatrixEditor>("outputEditor")->columns(), 8);
    QCOMPARE(find<MatrixEditor>("outputEditor")->entry(1, 7)->value(), 0.125);
    QCOMPARE(m_model->scene().additive.wq, s.additive.wq);

    // Back to one head while head 2 is shown, and the vector dimension for √d.
    attn::Scene t = attn::Scene::defaultScene();
    t.method = attn::Method::MultiHead;
    t.multiHead = attn::MultiHeadParams{{mh.heads.front()}, attn::Matrix::Identity(2, 2)};
    QVERIFY(!m_model->setScene(t));
    QCOMPARE(changes.count(), 2);
    QCOMPARE(find<QComboBox>("headCombo")->currentIndex(), 0);
    QCOMPARE(find<QGroupBox>("presetGroup")->title(), QString("Preset for head 1"));
    QCOMPARE(find<QComboBox>("headCombo")->count(), 1);
    QCOMPARE(find<QSpinBox>("headCountSpin")->value(), 1);
    QVERIFY(find<QCheckBox>("useVectorDimCheck")->isChecked());
    QCOMPARE(control->spinBox()->value(), 1.0);
    QCOMPARE(find<QStackedWidget>("pages")->currentWidget()->objectName(),
             QString("pageMultiHead"));

    // A menu elsewhere changes the method.
    m_model->setMethod(attn::Method::Cosine);
    QCOMPARE(find<QComboBox>("methodCombo")->currentIndex(), int(attn::Method::Cosine));
    QCOMPARE(changes.count(), 3);
}

void TestMethodPanel::editsAreUndoable()
{
    QUndoStack *stack = m_editor->undoStack();
    const attn::Scene original = m_model->scene();

    // Typing "-1.25" into one entry of W is one step, whatever the box reported on the way.
    find<QComboBox>("methodCombo")->setCurrentIndex(int(attn::Method::General));
    QCOMPARE(stack->count(), 1);
    QCOMPARE(stack->undoText(), QStringLiteral("Change Method to General (bilinear)"));
    auto *general = find<MatrixEditor>("generalEditor");
    typeInto(general->entry(1, 0), QStringLiteral("-1.25"));
    QCOMPARE(m_model->scene().general(1, 0), -1.25);
    QCOMPARE(stack->count(), 2);
    QCOMPARE(stack->undoText(), QStringLiteral("Edit W"));
    typeInto(general->entry(0, 0), QStringLiteral("2"));
    QCOMPARE(stack->count(), 3);

    // The slider: many positions, one step.
    QSlider *slider = find<TemperatureControl>("temperatureControl")->slider();
    for (int i = 0; i < 4; ++i)
        QTest::keyClick(slider, Qt::Key_PageUp);
    QCOMPARE(stack->count(), 4);
    QCOMPARE(stack->undoText(), QStringLiteral("Change Temperature"));

    // Heads: the number of heads is a step, and undo brings the old heads back exactly.
    find<QComboBox>("methodCombo")->setCurrentIndex(int(attn::Method::MultiHead));
    const attn::MultiHeadParams twoHeads = m_model->scene().multiHead;
    typeHeadCount(4);
    QCOMPARE(int(m_model->scene().multiHead.heads.size()), 4);
    QCOMPARE(stack->undoText(), QStringLiteral("Change Number of Heads"));
    stack->undo();
    QCOMPARE(int(m_model->scene().multiHead.heads.size()), 2);
    COMPARE_MATRIX(m_model->scene().multiHead.wo, twoHeads.wo, 0.0);
    // The panel follows the undone scene.
    QCOMPARE(find<QSpinBox>("headCountSpin")->value(), 2);

    while (stack->canUndo())
        stack->undo();
    QCOMPARE(m_model->scene().method, original.method);
    QCOMPARE(m_model->scene().temperature, original.temperature);
    COMPARE_MATRIX(m_model->scene().general, original.general, 0.0);
    QCOMPARE(general->entry(1, 0)->value(), 0.0);
    QCOMPARE(find<QComboBox>("methodCombo")->currentIndex(), int(attn::Method::Dot));
}

void TestMethodPanel::everyControlIsDescribed()
{
    m_model->setMethod(attn::Method::MultiHead);
    const auto widgets = m_panel->findChildren<QWidget *>();
    int checked = 0;
    for (QWidget *w : widgets) {
        const bool control = qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QComboBox *>(w) ||
                             qobject_cast<QAbstractButton *>(w) || qobject_cast<QSlider *>(w);
        if (!control)
            continue;
        ++checked;
        const QByteArray what = w->metaObject()->className() + QByteArray(" ") +
                                w->objectName().toUtf8() + " " + w->accessibleName().toUtf8();
        QVERIFY2(!w->toolTip().isEmpty(), "no tooltip: " + what);
        QVERIFY2(!w->accessibleName().isEmpty(), "no accessible name: " + what);
    }
    QVERIFY(checked > 30);
    QCOMPARE(find<MatrixEditor>("headWq")->entry(0, 1)->accessibleName(),
             QString("Matrix W_Q of head 1, row 1, column 2"));
}

void TestMethodPanel::languageChange()
{
    m_model->setMethod(attn::Method::MultiHead);
    QEvent event(QEvent::LanguageChange);
    QApplication::sendEvent(m_panel.get(), &event);
    auto *combo = find<QComboBox>("methodCombo");
    for (int i = 0; i < attn::kMethodCount; ++i)
        QCOMPARE(combo->itemText(i), MethodNames::name(attn::Method(i)));
    QCOMPARE(find<QComboBox>("headCombo")->itemText(1), QString("Head 2"));
    QVERIFY(find<QSpinBox>("headCountSpin")->toolTip().startsWith("<p>"));
    QCOMPARE(combo->currentIndex(), int(attn::Method::MultiHead));
    QCOMPARE(m_model->scene().method, attn::Method::MultiHead);
}

void TestMethodPanel::fitsTheDock_data()
{
    QTest::addColumn<int>("width");
    QTest::newRow("340") << 340;
    QTest::newRow("420") << 420;
}

void TestMethodPanel::fitsTheDock()
{
    QFETCH(int, width);
    m_panel->resize(width, 700);
    // The widest multi-head page: 8 heads with d_v = 2 (W_O scrolls on its own).
    attn::Scene s = attn::Scene::defaultScene();
    s.multiHead = attn::presets::withValueDim(attn::presets::withHeadCount(s.multiHead, 8), 2);
    s.additive = attn::defaults::additive(16);
    QVERIFY(!m_model->setScene(s));
    for (int i = 0; i < attn::kMethodCount; ++i) {
        m_model->setMethod(attn::Method(i));
        QCoreApplication::processEvents();
        // The pages come in the order of the methods, each in a scroll area named after it.
        const QByteArray page = find<QStackedWidget>("pages")->widget(i)->objectName().toUtf8();
        auto *scroll = find<QScrollArea>(page + "Scroll");
        QVERIFY2(!scroll->horizontalScrollBar()->isVisible(), page);
        QVERIFY(m_panel->minimumSizeHint().width() <= width);
    }
}

QTEST_MAIN(TestMethodPanel)
#include "tst_methodpanel.moc"
