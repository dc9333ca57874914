#include "sequence/sequencewindow.h"

#include "copycodeactions.h"
#include "core/matrixpresets.h"
#include "model/sequencesession.h"
#include "panels/sequencepages.h"
#include "panels/trainingpages.h"
#include "sequence/newtrainingtaskdialog.h"
#include "sequence/sequenceautosave.h"
#include "sequence/sequenceembeddingcanvas.h"
#include "sequence/sequencefileloader.h"
#include "sequence/sequencefilesaver.h"
#include "sequence/sequenceheadview.h"
#include "sequence/sequenceheatmapgrid.h"
#include "sequence/sequenceoffsetplot.h"
#include "sequence/sequenceqkcanvas.h"
#include "sequence/sequencetokenstrip.h"
#include "sequence/trainingview.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"
#include "widgets/matrixeditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QPointer>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QShortcut>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

namespace {

// The order of the position selector's entries.
constexpr attn::PositionKind kKinds[] = {attn::PositionKind::None, attn::PositionKind::Sinusoidal,
                                         attn::PositionKind::Learned, attn::PositionKind::Rotary};

} // namespace

SequenceWindow::SequenceWindow(QWidget *parent)
    : QWidget(parent, Qt::Window), m_session(new SequenceSession(this))
{
    m_presets = new QToolButton(this);
    m_presets->setPopupMode(QToolButton::InstantPopup);
    m_presets->setMenu(new QMenu(m_presets));
    m_sentenceLabel = new QLabel(this);
    m_sentence = new QLineEdit(this);
    m_sentence->setClearButtonEnabled(true);
    m_sentenceLabel->setBuddy(m_sentence);
    m_addToken = new QToolButton(this);
    m_addToken->setPopupMode(QToolButton::InstantPopup);
    m_addToken->setMenu(new QMenu(m_addToken));
    m_splitLabel = new QLabel(this);
    m_split = new QComboBox(this);
    m_split->addItems({QString(), QString()});
    m_splitLabel->setBuddy(m_split);

    m_positionsLabel = new QLabel(this);
    m_positions = new QComboBox(this);
    m_positions->addItems({QString(), QString(), QString(), QString()});
    m_positionsLabel->setBuddy(m_positions);
    m_causal = new QCheckBox(this);
    m_temperatureLabel = new QLabel(this);
    m_temperature = new QDoubleSpinBox(this);
    m_temperature->setRange(0.05, 20);
    m_temperature->setSingleStep(0.1);
    m_temperature->setDecimals(2);
    m_temperatureLabel->setBuddy(m_temperature);
    m_shiftLabel = new QLabel(this);
    m_shift = new QSpinBox(this);
    m_shift->setRange(0, 1000);
    // Each value is one edit (one undo step) once committed (Return, leaving the box, an arrow),
    // not one per keystroke: typing "1.5" would otherwise also apply τ = 1.
    for (QAbstractSpinBox *box : std::initializer_list<QAbstractSpinBox *>{m_temperature, m_shift})
        box->setKeyboardTracking(false);
    m_shiftLabel->setBuddy(m_shift);

    m_statement = new QLabel(this);
    m_statement->setWordWrap(true);
    m_explanation = new QLabel(this);
    m_explanation->setWordWrap(true);
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->hide();

    m_strip = new SequenceTokenStrip(m_session, this);
    m_stripScroll = new QScrollArea(this);
    m_stripScroll->setWidget(m_strip);
    m_stripScroll->setWidgetResizable(true);
    m_stripScroll->setFrameShape(QFrame::NoFrame);
    m_stripScroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Room for the scroll bar only while the sentence is wider than the window.
    connect(m_stripScroll->horizontalScrollBar(), &QScrollBar::rangeChanged, this,
            &SequenceWindow::fitStrip);
    fitStrip();

    m_grid = new SequenceHeatmapGrid(m_session, this);
    m_headView = new SequenceHeadView(m_session, this);
    m_qk = new SequenceQkCanvas(m_session, this);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_grid);
    splitter->addWidget(m_headView);
    splitter->addWidget(m_qk);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 3);
    splitter->setStretchFactor(2, 4);
    auto *vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(splitter);
    vertical->addWidget(buildEditingTabs());
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 2);

    auto *sentenceRow = new QHBoxLayout;
    sentenceRow->addWidget(m_presets);
    sentenceRow->addWidget(m_newTask);
    sentenceRow->addWidget(m_open);
    sentenceRow->addWidget(m_save);
    // Copy as code: the sentence at the window's shift, as the heat maps show it.
    m_copyCode = new CopyCodeActions(this, [this](PythonCode::Flavour flavour) {
        return m_session->hasResult()
                   ? PythonCode::forSequence(m_session->model(), m_session->tokens(),
                                             m_session->shift(), flavour)
                   : QString();
    });
    sentenceRow->addWidget(m_copyCode->createButton(this));
    sentenceRow->addWidget(m_sentenceLabel);
    sentenceRow->addWidget(m_sentence, 1);
    sentenceRow->addWidget(m_addToken);
    sentenceRow->addWidget(m_splitLabel);
    sentenceRow->addWidget(m_split);
    auto *controlRow = new QHBoxLayout;
    controlRow->addWidget(m_positionsLabel);
    controlRow->addWidget(m_positions);
    controlRow->addSpacing(12);
    controlRow->addWidget(m_causal);
    controlRow->addSpacing(12);
    controlRow->addWidget(m_temperatureLabel);
    controlRow->addWidget(m_temperature);
    controlRow->addSpacing(12);
    controlRow->addWidget(m_shiftLabel);
    controlRow->addWidget(m_shift);
    controlRow->addStretch(1);
    controlRow->addWidget(createExplainButton());
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(sentenceRow);
    layout->addWidget(m_stripScroll);
    layout->addLayout(controlRow);
    layout->addWidget(m_explanation);
    layout->addWidget(m_statement);
    layout->addWidget(m_message);
    m_pages = new QTabWidget(this);
    m_pages->addTab(vertical, QString());
    m_training = new TrainingView(m_session, this);
    // Scrolled when it is wider than the window (presentation font at 1280 × 800), so that the
    // Training page does not hold the whole window, Attention page included, to its width.
    auto *trainingScroll = new QScrollArea(this);
    trainingScroll->setWidget(m_training);
    trainingScroll->setWidgetResizable(true);
    trainingScroll->setFrameShape(QFrame::NoFrame);
    m_pages->insertTab(kTrainingTab, trainingScroll, QString());
    layout->addWidget(m_pages, 1);
    connect(m_pages, &QTabWidget::currentChanged, this, &SequenceWindow::retranslateExplanation);

    // Typing: every edit is tried at once; one the vocabulary cannot read leaves the last good
    // sentence on screen and says which piece is unknown.
    connect(m_sentence, &QLineEdit::textEdited, this, [this](const QString &text) {
        m_typing = true;
        m_session->setText(text, m_split->currentIndex() == 0 ? SequenceSession::Split::Space
                                                              : SequenceSession::Split::Character);
        m_typing = false;
    });
    connect(m_split, &QComboBox::activated, this, [this](int index) {
        const auto split =
            index == 0 ? SequenceSession::Split::Space : SequenceSession::Split::Character;
        // Re-read what is typed with the new rule; if that fails, keep the tokens and write
        // them the new way.
        if (!m_session->setText(m_sentence->text(), split))
            m_session->setSplit(split);
    });
    connect(m_positions, &QComboBox::activated, this,
            [this](int index) { m_session->setPositionKind(kKinds[index]); });
    connect(m_causal, &QCheckBox::toggled, m_session, &SequenceSession::setCausal);
    connect(m_temperature, &QDoubleSpinBox::valueChanged, m_session,
            &SequenceSession::setTemperature);
    connect(m_shift, &QSpinBox::valueChanged, m_session, &SequenceSession::setShift);
    connect(m_grid, &SequenceHeatmapGrid::focusChanged, this, [this](int layer, int) {
        m_headView->setLayer(layer);
        m_qk->setLayer(layer);
    });
    connect(m_session, &SequenceSession::changed, this, [this] {
        showMessage(QString());
        syncFromSession();
    });
    connect(m_session, &SequenceSession::refused, this, [this](const QString &why) {
        showMessage(why);
        syncFromSession(); // controls go back to what the model holds
    });

    retranslate();
    rebuildPresetMenu();
    syncFromSession();
    resize(1280, 800);
    // Last: it watches the session and the Training tab's run.
    m_autosave = new SequenceAutosave(this);
}

SequenceWindow::~SequenceWindow()
{
    // Closing the window below (QWidget's destructor) takes the focus from a number box, which
    // then commits what was typed in it: the session's changed() must no longer reach this
    // window's controls, the tabs' among them already deleted (a crash the GUI monkey found).
    disconnect(m_session, nullptr, this, nullptr);
    // The views read the session until they are gone.
    delete m_grid;
    delete m_headView;
    delete m_qk;
    delete m_strip;
    delete m_embeddings;
    delete m_tabs;
    delete m_training;
}

void SequenceWindow::showWindow()
{
    show();
    if (isMinimized())
        setWindowState(windowState() & ~Qt::WindowMinimized);
    raise();
    activateWindow();
}

bool SequenceWindow::loadPreset(const QString &path)
{
    return m_session->loadFile(path);
}

QString SequenceWindow::presetTitle(const QString &path)
{
    const QString name = QFileInfo(path).completeBaseName();
    if (name == QLatin1String("previous-token-rotary"))
        return tr("Previous-token head (rotary positions)");
    if (name == QLatin1String("first-token-learned"))
        return tr("First-token head (learned positions)");
    if (name == QLatin1String("two-layer-induction"))
        return tr("Two layers");
    if (name == QLatin1String("sentence-english"))
        return tr("A sentence in English");
    if (name == QLatin1String("sentence-chinese"))
        return tr("A sentence in Chinese");
    if (name == QLatin1String("two-dimensions-sinusoidal"))
        return tr("Two dimensions: drag the embeddings (sinusoidal positions)");
    // The built-in training tasks' presets are "task-<id>": their titles are the dialog's.
    attn::TrainingTaskKind kind;
    if (name.startsWith(QLatin1String("task-")) &&
        attn::trainingTaskFromId(name.mid(5).toStdString(), kind))
        return tr("Training task: %1").arg(NewTrainingTaskDialog::taskTitle(kind));
    return name;
}

void SequenceWindow::rebuildPresetMenu()
{
    QMenu *menu = m_presets->menu();
    menu->clear();
    for (const QString &path : SequenceSession::presetPaths())
        menu->addAction(presetTitle(path), this, [this, path] { loadPreset(path); });
}

void SequenceWindow::rebuildVocabularyMenu()
{
    // Building a sentence from the vocabulary: each entry appends its token.
    QMenu *menu = m_addToken->menu();
    menu->clear();
    const auto &vocabulary = m_session->model().vocabulary;
    for (int t = 0; t < int(vocabulary.size()); ++t)
        menu->addAction(QString::fromStdString(vocabulary[std::size_t(t)]), this, [this, t] {
            std::vector<int> tokens = m_session->tokens();
            tokens.push_back(t);
            m_session->setTokens(tokens);
        });
}

void SequenceWindow::retranslate()
{
    setWindowTitle(tr("Sequence — Attention Canvas"));
    m_presets->setText(tr("Presets"));
    m_presets->setToolTip(tr("Load a ready-made model and sentence"));
    m_sentenceLabel->setText(tr("&Sentence:"));
    m_sentence->setPlaceholderText(tr("Type tokens from the vocabulary"));
    m_addToken->setText(tr("Add a token"));
    m_addToken->setToolTip(tr("Append a token of the vocabulary to the sentence"));
    m_splitLabel->setText(tr("Split:"));
    m_split->setItemText(0, tr("by space"));
    m_split->setItemText(1, tr("by character"));
    m_split->setToolTip(tr("How the typed text is cut into tokens"));
    m_positionsLabel->setText(tr("&Positions:"));
    m_positions->setItemText(0, tr("none"));
    m_positions->setItemText(1, tr("sinusoidal (added)"));
    m_positions->setItemText(2, tr("learned (added)"));
    m_positions->setItemText(3, tr("rotary position embedding"));
    m_causal->setText(tr("&Causal mask"));
    m_causal->setToolTip(tr("Token i attends only to tokens 0 … i"));
    m_temperatureLabel->setText(tr("&Temperature τ:"));
    m_shiftLabel->setText(tr("S&hift every position by m ="));
    m_shift->setToolTip(tr("Token i moves from position i to position m + i"));
    m_pages->setTabText(0, tr("Attention"));
    m_pages->setTabText(kTrainingTab, tr("Training"));
    rebuildPresetMenu();
    retranslateEditing();
    retranslateExplanation();
    syncFromSession();
}

QToolButton *SequenceWindow::createExplainButton()
{
    m_explain = new QToolButton(this);
    m_explain->setPopupMode(QToolButton::InstantPopup);
    m_explain->setMenu(new QMenu(m_explain));
    // The pages carry the theme's colours in their HTML: a new theme writes them again.
    connect(Appearance::instance(), &Appearance::changed, this, [this] {
        if (m_explanationBrowser && m_explanationBrowser->isVisible())
            showExplanation(m_explanationPage);
    });
    return m_explain;
}

void SequenceWindow::retranslateExplanation()
{
    // The Explain button offers the pages of the tab on show: positions and the residual stream
    // beside the maps, the training pages beside the training.
    const bool training = m_pages->currentIndex() == kTrainingTab;
    m_explain->setText(tr("Explain"));
    m_explain->setToolTip(training ? tr("What gradient descent does to q and k, plateaus, the "
                                        "previous token and induction heads")
                                   : tr("Why attention needs positions, and the residual stream"));
    QMenu *menu = m_explain->menu();
    menu->clear();
    const int first = training ? kTrainingPages : 0;
    const int count = training ? TrainingPages::kPageCount : 2;
    for (int page = first; page < first + count; ++page)
        menu->addAction(explanationTitle(page), this, [this, page] { showExplanation(page); });
    if (m_explanationBrowser && m_explanationBrowser->isVisible())
        showExplanation(m_explanationPage); // the page again, in the new language
}

QString SequenceWindow::explanationTitle(int page)
{
    return page < kTrainingPages ? SequencePages::title(SequencePages::Page(page))
                                 : TrainingPages::title(TrainingPages::Page(page - kTrainingPages));
}

void SequenceWindow::showExplanation(int page)
{
    // A window of its own beside this one, as the main window's explanation is a dock beside
    // its canvas: the learner reads while the maps stay in view.
    if (!m_explanationBrowser) {
        m_explanationBrowser = new QTextBrowser(this);
        m_explanationBrowser->setWindowFlag(Qt::Window);
        m_explanationBrowser->resize(640, 720);
    }
    m_explanationPage = page;
    const QFont f = m_explanationBrowser->font();
    const double points =
        f.pointSizeF() > 0 ? f.pointSizeF() : f.pixelSize() * 72.0 / logicalDpiY();
    m_explanationBrowser->setWindowTitle(explanationTitle(page));
    QString html;
    if (page < kTrainingPages) {
        html = SequencePages::html(SequencePages::Page(page), points * 1.2);
    } else {
        const auto training = TrainingPages::Page(page - kTrainingPages);
        html = TrainingPages::html(training, points * 1.2);
        // The gradient page's numbers: this window has no scene of its own, so the article's.
        if (training == TrainingPages::Page::Gradient)
            html += TrainingPages::workedExampleFacts();
    }
    m_explanationBrowser->setHtml(html);
    if (isVisible()) {
        m_explanationBrowser->show();
        m_explanationBrowser->raise();
    }
}

void SequenceWindow::syncFromSession()
{
    const auto &model = m_session->model();
    {
        const QSignalBlocker b1(m_positions), b2(m_causal), b3(m_temperature), b4(m_shift),
            b5(m_split);
        for (int i = 0; i < 4; ++i)
            if (kKinds[i] == model.positions)
                m_positions->setCurrentIndex(i);
        m_causal->setChecked(model.causal);
        m_temperature->setValue(model.temperature);
        m_shift->setValue(m_session->shift());
        m_split->setCurrentIndex(m_session->split() == SequenceSession::Split::Space ? 0 : 1);
    }
    // While the learner types, the field keeps their text (with any unknown piece in it).
    if (!m_typing && m_message->isHidden())
        m_sentence->setText(m_session->text());
    QStringList names;
    for (const auto &name : model.vocabulary)
        names << QString::fromStdString(name);
    m_sentence->setToolTip(tr("Vocabulary: %1").arg(names.join(QStringLiteral(" "))));
    if (names != m_menuVocabulary) {
        m_menuVocabulary = names;
        rebuildVocabularyMenu();
    }
    updateStatement();
    syncEditing();
}

void SequenceWindow::showMessage(const QString &text)
{
    m_message->setText(text);
    m_message->setStyleSheet(QStringLiteral("color: %1").arg(ColorScheme::error().name()));
    m_message->setVisible(!text.isEmpty());
}

void SequenceWindow::updateStatement()
{
    if (!m_session->hasResult())
        return;
    const int m = m_session->shift();
    const QString change = QLocale().toString(m_session->shiftScoreChange(), 'g', 3);
    const auto kind = m_session->model().positions;
    QString text;
    if (m == 0)
        text = tr("Set m to move every token m places along: the scores are then compared with "
                  "those at positions 0, 1, 2, …");
    else if (m_session->shiftKeepsScores() && kind == attn::PositionKind::Rotary)
        text = tr("Shifted by m = %1, no score changed (largest change %2): rotary position "
                  "embedding turns q_i by i·θ and k_j by j·θ, and their dot product depends "
                  "only on the offset i − j.")
                   .arg(m)
                   .arg(change);
    else if (m_session->shiftKeepsScores())
        text = tr("Shifted by m = %1, no score changed (largest change %2).").arg(m).arg(change);
    else if (kind == attn::PositionKind::Sinusoidal || kind == attn::PositionKind::Learned)
        text = tr("Shifted by m = %1, the scores changed by up to %2: added positions change "
                  "x_i itself, so q_i·k_j depends on where the tokens stand, not only on i − j.")
                   .arg(m)
                   .arg(change);
    else
        text = tr("Shifted by m = %1, the scores changed by up to %2.").arg(m).arg(change);
    m_statement->setText(text);

    QString why;
    switch (kind) {
    case attn::PositionKind::None:
        why = tr("No positions: with the causal mask off, attention sees a set. Reorder the tokens "
                 "and every map's rows and columns are reordered the same way; nothing else "
                 "changes. (The causal mask by itself already tells earlier tokens from later "
                 "ones.)");
        break;
    case attn::PositionKind::Sinusoidal:
        why = tr("Sinusoidal positions: P_i, with P_i[2j] = sin(i / base^(2j/D)) and "
                 "P_i[2j+1] = cos(i / base^(2j/D)), is added to token i's embedding before its "
                 "query and key are formed, so every score mixes what the tokens are with where "
                 "they stand.");
        break;
    case attn::PositionKind::Learned:
        why = tr("Learned positions: row i of a table of numbers is added to token i's embedding. "
                 "Nothing ties position 7 to position 8 but the numbers in their rows, which "
                 "training (or whoever wrote the file) chose.");
        break;
    case attn::PositionKind::Rotary:
        why = tr("Rotary position embedding: every pair of components of q_i is turned by the "
                 "angle i·θ, and of k_j by j·θ. Rotations keep lengths and R(iθ)ᵀR(jθ) = "
                 "R((j − i)θ), so q_i·k_j = qᵀR((j − i)θ)k depends only on the offset j − i.");
        break;
    }
    m_explanation->setText(why);
}

void SequenceWindow::fitStrip()
{
    QScrollBar *bar = m_stripScroll->horizontalScrollBar();
    m_stripScroll->setFixedHeight(m_strip->sizeHint().height() +
                                  (bar->maximum() > 0 ? bar->sizeHint().height() : 0));
}

void SequenceWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    if (event->type() == QEvent::FontChange)
        fitStrip(); // the strip is as tall as its font
    QWidget::changeEvent(event);
}

// ---- Editing: files, embeddings and positions, the offset plot, parameters ----------------------

namespace {

constexpr SequenceSession::Part kParts[] = {
    SequenceSession::Part::Query, SequenceSession::Part::Key, SequenceSession::Part::Value,
    SequenceSession::Part::Output};
constexpr attn::presets::Kind kPresetKinds[] = {
    attn::presets::Kind::Identity, attn::presets::Kind::Rotation, attn::presets::Kind::ProjectX,
    attn::presets::Kind::ProjectY, attn::presets::Kind::Random};

// Fills `box` with `count` entries made by `name`, keeping the chosen index when it still exists.
template <typename Name> void refill(QComboBox *box, int count, Name name)
{
    QStringList items;
    for (int i = 0; i < count; ++i)
        items << name(i);
    QStringList current;
    for (int i = 0; i < box->count(); ++i)
        current << box->itemText(i);
    if (items == current)
        return;
    const QSignalBlocker block(box);
    const int index = box->currentIndex();
    box->clear();
    box->addItems(items);
    box->setCurrentIndex(std::clamp(index, 0, std::max(0, count - 1)));
}

} // namespace

QWidget *SequenceWindow::buildEditingTabs()
{
    m_open = new QPushButton(this);
    m_save = new QPushButton(this);
    connect(m_open, &QPushButton::clicked, this, &SequenceWindow::chooseOpenFile);
    connect(m_save, &QPushButton::clicked, this, &SequenceWindow::chooseSaveFile);
    // A built-in task made to the learner's sizes and seed opens like a file (undoably) and
    // goes straight to the Training tab, where it is meant to be trained. A comparison is the
    // Training view's choice, not the document's: undo brings back the document only.
    m_newTask = new QPushButton(this);
    connect(m_newTask, &QPushButton::clicked, this, [this] {
        if (auto choice = NewTrainingTaskDialog::ask(this, m_training->comparison());
            choice && m_session->openDocument(std::move(choice->document))) {
            m_training->setComparison(choice->comparison);
            m_pages->setCurrentIndex(kTrainingTab);
        }
    });

    // Below the maps: the plane of embeddings and positions, beside a tab each for the offset
    // plot and the parameters.
    auto *bottom = new QSplitter(Qt::Horizontal, this);
    m_embeddings = new SequenceEmbeddingCanvas(m_session, bottom);
    m_tabs = new QTabWidget(bottom);
    bottom->addWidget(m_embeddings);
    bottom->addWidget(m_tabs);
    bottom->setStretchFactor(0, 2);
    bottom->setStretchFactor(1, 3);

    // The score of one pair against the offset.
    auto *offsetPage = new QWidget(m_tabs);
    m_offsetHeadLabel = new QLabel(offsetPage);
    m_offsetHead = new QComboBox(offsetPage);
    m_offsetHeadLabel->setBuddy(m_offsetHead);
    m_offsetQueryLabel = new QLabel(offsetPage);
    m_offsetQuery = new QComboBox(offsetPage);
    m_offsetQueryLabel->setBuddy(m_offsetQuery);
    m_offsetKeyLabel = new QLabel(offsetPage);
    m_offsetKey = new QComboBox(offsetPage);
    m_offsetKeyLabel->setBuddy(m_offsetKey);
    m_offsetPlot = new SequenceOffsetPlot(m_session, offsetPage);
    auto *offsetRow = new QHBoxLayout;
    offsetRow->addWidget(m_offsetHeadLabel);
    offsetRow->addWidget(m_offsetHead);
    offsetRow->addSpacing(12);
    offsetRow->addWidget(m_offsetQueryLabel);
    offsetRow->addWidget(m_offsetQuery);
    offsetRow->addSpacing(12);
    offsetRow->addWidget(m_offsetKeyLabel);
    offsetRow->addWidget(m_offsetKey);
    offsetRow->addStretch(1);
    auto *offsetLayout = new QVBoxLayout(offsetPage);
    offsetLayout->setContentsMargins(4, 4, 4, 4);
    offsetLayout->addLayout(offsetRow);
    offsetLayout->addWidget(m_offsetPlot, 1);
    m_tabs->addTab(offsetPage, QString());
    const auto choosePair = [this] {
        m_offsetPlot->setPair(m_offsetHead->currentIndex(), m_offsetQuery->currentIndex(),
                              m_offsetKey->currentIndex());
    };
    connect(m_offsetHead, &QComboBox::activated, this, choosePair);
    connect(m_offsetQuery, &QComboBox::activated, this, choosePair);
    connect(m_offsetKey, &QComboBox::activated, this, choosePair);

    // Parameters of one head or one layer.
    auto *paramPage = new QWidget(m_tabs);
    m_paramLayerLabel = new QLabel(paramPage);
    m_paramLayer = new QComboBox(paramPage);
    m_paramLayerLabel->setBuddy(m_paramLayer);
    m_paramHeadLabel = new QLabel(paramPage);
    m_paramHead = new QComboBox(paramPage);
    m_paramHeadLabel->setBuddy(m_paramHead);
    m_paramMatrixLabel = new QLabel(paramPage);
    m_paramMatrix = new QComboBox(paramPage);
    m_paramMatrix->addItems({QString(), QString(), QString(), QString()});
    m_paramMatrixLabel->setBuddy(m_paramMatrix);
    m_paramPresetLabel = new QLabel(paramPage);
    m_paramPreset = new QComboBox(paramPage);
    m_paramPreset->addItems({QString(), QString(), QString(), QString(), QString()});
    m_paramPresetLabel->setBuddy(m_paramPreset);
    m_paramAngle = new QDoubleSpinBox(paramPage);
    m_paramAngle->setRange(-180, 180);
    m_paramAngle->setDecimals(1);
    m_paramAngle->setSingleStep(15);
    m_paramAngle->setValue(45);
    m_applyPreset = new QPushButton(paramPage);
    m_undo = new QPushButton(paramPage);
    m_paramNote = new QLabel(paramPage);
    m_paramNote->setWordWrap(true);
    m_matrixEditor = new MatrixEditor(paramPage);
    auto *editorScroll = new QScrollArea(paramPage);
    editorScroll->setWidget(m_matrixEditor);
    editorScroll->setWidgetResizable(true);
    editorScroll->setFrameShape(QFrame::NoFrame);
    auto *chooseRow = new QHBoxLayout;
    chooseRow->addWidget(m_paramLayerLabel);
    chooseRow->addWidget(m_paramLayer);
    chooseRow->addSpacing(12);
    chooseRow->addWidget(m_paramHeadLabel);
    chooseRow->addWidget(m_paramHead);
    chooseRow->addSpacing(12);
    chooseRow->addWidget(m_paramMatrixLabel);
    chooseRow->addWidget(m_paramMatrix);
    chooseRow->addStretch(1);
    auto *presetRow = new QHBoxLayout;
    presetRow->addWidget(m_paramPresetLabel);
    presetRow->addWidget(m_paramPreset);
    presetRow->addWidget(m_paramAngle);
    presetRow->addWidget(m_applyPreset);
    presetRow->addSpacing(12);
    presetRow->addWidget(m_undo);
    presetRow->addStretch(1);
    auto *paramLayout = new QVBoxLayout(paramPage);
    paramLayout->setContentsMargins(4, 4, 4, 4);
    paramLayout->addLayout(chooseRow);
    paramLayout->addLayout(presetRow);
    paramLayout->addWidget(m_paramNote);
    paramLayout->addWidget(editorScroll, 1);
    m_tabs->addTab(paramPage, QString());

    const auto showMatrix = [this] { syncEditing(); };
    connect(m_paramLayer, &QComboBox::activated, this, showMatrix);
    connect(m_paramHead, &QComboBox::activated, this, showMatrix);
    connect(m_paramMatrix, &QComboBox::activated, this, showMatrix);
    connect(m_paramPreset, &QComboBox::activated, this, showMatrix);
    connect(m_applyPreset, &QPushButton::clicked, this, &SequenceWindow::applyParameterPreset);
    connect(m_undo, &QPushButton::clicked, m_session, &SequenceSession::undo);
    // Ctrl+Z anywhere in the window but in a text or number box, which keep their own undo.
    auto *undoKey = new QShortcut(QKeySequence::Undo, this);
    connect(undoKey, &QShortcut::activated, m_session, &SequenceSession::undo);
    connect(m_matrixEditor, &MatrixEditor::entryEdited, this,
            [this](int row, int column, double value) {
                // The keystrokes of one number are one undo step: the same entry again, with
                // no other edit in between, joins the step of its first keystroke.
                const QList<int> entry = {m_paramLayer->currentIndex(), m_paramHead->currentIndex(),
                                          m_paramMatrix->currentIndex(), row, column};
                const bool continuing =
                    entry == m_lastEntry && m_session->undoDepth() == m_lastEntryDepth;
                if (m_session->setWeightEntry(entry[0], entry[1], kParts[entry[2]], row, column,
                                              value, continuing)) {
                    m_lastEntry = entry;
                    m_lastEntryDepth = m_session->undoDepth();
                }
            });
    return bottom;
}

void SequenceWindow::retranslateEditing()
{
    m_newTask->setText(tr("New tas&k…"));
    m_newTask->setToolTip(tr("Make a built-in training task (copy, previous token, first token, "
                             "associative recall, two heads, induction, attention sink) with your "
                             "own sizes and "
                             "seed, and train it"));
    m_open->setText(tr("&Open…"));
    m_open->setToolTip(tr("Read a sequence file (model and sentences)"));
    m_save->setText(tr("Save &as…"));
    m_save->setToolTip(tr("Write the model, with the sentence as its first example"));
    m_tabs->setTabText(0, tr("Score against offset"));
    m_tabs->setTabText(1, tr("Parameters"));
    m_offsetHeadLabel->setText(tr("Head of layer 1:"));
    m_offsetQueryLabel->setText(tr("Query token:"));
    m_offsetKeyLabel->setText(tr("Key token:"));
    m_paramLayerLabel->setText(tr("La&yer:"));
    m_paramHeadLabel->setText(tr("H&ead:"));
    m_paramMatrixLabel->setText(tr("&Matrix:"));
    m_paramMatrix->setItemText(0, tr("W_q (query)"));
    m_paramMatrix->setItemText(1, tr("W_k (key)"));
    m_paramMatrix->setItemText(2, tr("W_v (value)"));
    m_paramMatrix->setItemText(3, tr("W_O (output of the layer)"));
    m_paramPresetLabel->setText(tr("P&reset:"));
    m_paramPreset->setItemText(0, tr("identity"));
    m_paramPreset->setItemText(1, tr("rotate by θ"));
    m_paramPreset->setItemText(2, tr("project onto component 1"));
    m_paramPreset->setItemText(3, tr("project onto component 2"));
    m_paramPreset->setItemText(4, tr("random"));
    m_paramAngle->setPrefix(tr("θ = "));
    m_paramAngle->setSuffix(tr("°"));
    m_paramAngle->setToolTip(tr("The angle of the rotation preset"));
    m_applyPreset->setText(tr("App&ly"));
    m_applyPreset->setToolTip(tr("Replace the chosen matrix with the preset"));
    m_undo->setText(tr("&Undo"));
    m_undo->setToolTip(
        tr("Take back the last change to the model, or the last file opened "
           "(%1)")
            .arg(QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText)));
    m_paramNote->setText(
        tr("The same rotation in W_q and W_k turns q and k alike and leaves every score unchanged "
           "(d_k ≥ 2; under rotary positions too, as turns in one plane commute): rotate only one "
           "of them to change what a head attends to."));
    syncEditing();
}

void SequenceWindow::syncEditing()
{
    if (!m_tabs || !m_session->hasResult())
        return;
    const auto &model = m_session->model();
    const QStringList vocabulary = m_menuVocabulary;
    const auto tokenName = [&vocabulary](int t) { return vocabulary.value(t); };

    // The offset plot's pair: a new vocabulary starts from the sentence's second and first token.
    const bool newVocabulary =
        m_offsetQuery->count() != vocabulary.size() ||
        (m_offsetQuery->count() > 0 && m_offsetQuery->itemText(0) != vocabulary.value(0));
    refill(m_offsetHead, model.headCount(0), [](int h) { return tr("Head %1").arg(h + 1); });
    refill(m_offsetQuery, int(vocabulary.size()), tokenName);
    refill(m_offsetKey, int(vocabulary.size()), tokenName);
    if (newVocabulary) {
        const auto &tokens = m_session->tokens();
        const QSignalBlocker b1(m_offsetQuery), b2(m_offsetKey);
        m_offsetQuery->setCurrentIndex(tokens.size() > 1 ? tokens[1] : tokens.front());
        m_offsetKey->setCurrentIndex(tokens.front());
    }
    if (m_offsetPlot->head() != m_offsetHead->currentIndex() ||
        m_offsetPlot->queryToken() != m_offsetQuery->currentIndex() ||
        m_offsetPlot->keyToken() != m_offsetKey->currentIndex())
        m_offsetPlot->setPair(m_offsetHead->currentIndex(), m_offsetQuery->currentIndex(),
                              m_offsetKey->currentIndex());

    refill(m_paramLayer, model.layerCount(), [](int l) { return tr("Layer %1").arg(l + 1); });
    refill(m_paramHead, model.headCount(m_paramLayer->currentIndex()),
           [](int h) { return tr("Head %1").arg(h + 1); });
    const auto part = kParts[m_paramMatrix->currentIndex()];
    m_paramHead->setEnabled(part != SequenceSession::Part::Output);
    m_paramAngle->setEnabled(kPresetKinds[m_paramPreset->currentIndex()] ==
                             attn::presets::Kind::Rotation);
    const attn::Matrix matrix =
        m_session->weight(m_paramLayer->currentIndex(), m_paramHead->currentIndex(), part);
    m_matrixEditor->setMatrix(matrix);
    static const char *const titles[] = {"W<sub>q</sub>", "W<sub>k</sub>", "W<sub>v</sub>",
                                         "W<sub>O</sub>"};
    m_matrixEditor->setTitle(QLatin1String(titles[m_paramMatrix->currentIndex()]));
    m_matrixEditor->setDescription(m_paramMatrix->currentText(),
                                   tr("One entry of %1; the maps follow as soon as it changes")
                                       .arg(m_paramMatrix->currentText()));
    m_undo->setEnabled(m_session->canUndo());
}

void SequenceWindow::applyParameterPreset()
{
    const int layer = m_paramLayer->currentIndex(), head = m_paramHead->currentIndex();
    const auto part = kParts[m_paramMatrix->currentIndex()];
    const attn::Matrix current = m_session->weight(layer, head, part);
    const attn::Matrix value = attn::presets::sized(
        kPresetKinds[m_paramPreset->currentIndex()], int(current.rows()), int(current.cols()),
        m_paramAngle->value(), std::uint64_t(m_presetSeed++));
    m_session->setWeight(layer, head, part, value);
}

bool SequenceWindow::openFile(const QString &path)
{
    // Read in a worker while this window keeps repainting; only the finished document reaches
    // the session, so a cancelled or failed read leaves everything as it was.
    const QPointer<SequenceWindow> alive(this);
    SequenceFileLoader loader(this);
    const SequenceFileLoader::Outcome outcome = loader.read(path);
    if (!alive)
        return false; // closed while reading
    switch (outcome) {
    case SequenceFileLoader::Outcome::Read:
        return m_session->openPrepared(std::move(*loader.opening()));
    case SequenceFileLoader::Outcome::Failed:
        showMessage(loader.error());
        return false;
    case SequenceFileLoader::Outcome::Cancelled:
        showMessage(
            tr("Opening %1 was cancelled; nothing was changed.").arg(QFileInfo(path).fileName()));
        return false;
    }
    return false;
}

bool SequenceWindow::saveFile(const QString &path)
{
    const SequenceFileSaver::Result saved =
        SequenceFileSaver::save(this, path, m_session->fileBytesLater());
    if (saved.outcome == SequenceFileSaver::Outcome::Cancelled) {
        showMessage(tr("Saving %1 was cancelled; the file was not changed.")
                        .arg(QFileInfo(path).fileName()));
        return false;
    }
    return m_session->takeSaveResult(
        path, saved.bytes, saved.outcome == SequenceFileSaver::Outcome::Written, saved.reason);
}

void SequenceWindow::chooseOpenFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open a sequence file"),
        QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation),
        tr("Sequence files (*.json);;All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

void SequenceWindow::chooseSaveFile()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save the sequence as"),
        QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation),
        tr("Sequence files (*.json)"));
    if (!path.isEmpty())
        saveFile(path);
}
