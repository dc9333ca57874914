#include "panels/methodpanel.h"

#include "document/sceneeditor.h"
#include "methods/methodnames.h"
#include "methods/methodview.h"
#include "methods/methodviews.h"
#include "methods/parameterpage.h"
#include "model/scenemodel.h"
#include "panels/temperaturecontrol.h"
#include "ui_methodpanel.h"

#include <QEvent>
#include <QResizeEvent>
#include <QSignalBlocker>

namespace {

constexpr double kFormulaScale = 1.3;
constexpr int kTallPanel = 21; // lines of text from which the formula is drawn larger

} // namespace

MethodPanel::MethodPanel(SceneEditor *editor, QWidget *parent)
    : QWidget(parent), m_ui(std::make_unique<Ui::MethodPanel>()), m_editor(editor),
      m_model(editor->model())
{
    m_ui->setupUi(this);
    for (int i = 0; i < attn::kMethodCount; ++i) {
        m_ui->methodCombo->addItem(QString(), i);
        ParameterPage *page = MethodViews::of(attn::Method(i)).parameterPage(editor);
        page->guardWheel();
        m_ui->pages->addWidget(page);
        m_pages << page;
    }
    m_ui->methodCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    connect(m_ui->methodCombo, &QComboBox::currentIndexChanged, this, &MethodPanel::onMethodChosen);
    connect(m_ui->temperatureControl, &TemperatureControl::temperatureEdited, this,
            [this](double t) {
                if (!m_editor->setTemperature(t))
                    refresh();
            });
    connect(m_model, &SceneModel::changed, this, &MethodPanel::refresh);

    applyFormulaFont();
    retranslate();
}

MethodPanel::~MethodPanel() = default;

// --- Translation ------------------------------------------------------------------------------

void MethodPanel::retranslate()
{
    m_ui->retranslateUi(this);
    for (int i = 0; i < m_ui->methodCombo->count(); ++i)
        m_ui->methodCombo->setItemText(i, MethodNames::name(attn::Method(i)));
    for (ParameterPage *page : std::as_const(m_pages))
        page->retranslate();
    refresh(); // also sets the texts that depend on the scene
    wrapToolTips();
}

void MethodPanel::wrapToolTips()
{
    const auto widgets = findChildren<QWidget *>();
    for (QWidget *w : widgets)
        if (!w->toolTip().isEmpty() && !w->toolTip().startsWith(QLatin1Char('<')))
            w->setToolTip(ParameterPage::richToolTip(w->toolTip()));
}

void MethodPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    else if (event->type() == QEvent::FontChange)
        applyFormulaFont();
    QWidget::changeEvent(event);
}

void MethodPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    applyFormulaFont();
}

void MethodPanel::applyFormulaFont()
{
    // The formula is what the class reads first: larger than the text, as on the explanation
    // page, when the dock is tall enough (1920 × 1080); in a short dock (1280 × 800) the
    // parameters below need the lines more.
    const double scale = height() >= kTallPanel * fontMetrics().height() ? kFormulaScale : 1.0;
    QFont f = font();
    if (f.pointSizeF() > 0)
        f.setPointSizeF(f.pointSizeF() * scale);
    else
        f.setPixelSize(qRound(f.pixelSize() * scale));
    if (f != m_ui->formulaLabel->font())
        m_ui->formulaLabel->setFont(f);
}

// --- Model → widgets --------------------------------------------------------------------------

void MethodPanel::refresh()
{
    const attn::Scene &s = m_model->scene();
    const int method = int(s.method);
    if (m_ui->methodCombo->currentIndex() != method) {
        const QSignalBlocker blocker(m_ui->methodCombo);
        m_ui->methodCombo->setCurrentIndex(method);
    }
    m_ui->formulaLabel->setText(MethodNames::formula(s.method));
    if (m_ui->pages->currentIndex() != method)
        m_ui->pages->setCurrentIndex(method);
    m_ui->temperatureControl->setTemperature(s.temperature);
    for (ParameterPage *page : std::as_const(m_pages))
        page->refresh();
}

// --- Widgets → model --------------------------------------------------------------------------

void MethodPanel::onMethodChosen(int index)
{
    if (index >= 0)
        m_editor->setMethod(attn::Method(m_ui->methodCombo->itemData(index).toInt()));
}
