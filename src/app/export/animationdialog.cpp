#include "export/animationdialog.h"

#include "model/commandline.h"
#include "widgets/workerwait.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>

#include <iterator>

namespace {
QString key(const char *name)
{
    return QStringLiteral("animation/") + QLatin1String(name);
}

QSpinBox *spin(QWidget *parent, const char *name, int least, int most, int value)
{
    auto *s = new QSpinBox(parent);
    s->setObjectName(QLatin1String(name));
    s->setRange(least, most);
    s->setValue(std::clamp(value, least, most));
    return s;
}
} // namespace

AnimationDialog::AnimationDialog(const ExportSource &source, SceneModel *model, QWidget *parent)
    : QDialog(parent), m_source(source), m_model(model), m_exporter(source)
{
    setObjectName(QStringLiteral("animationDialog"));
    const QSettings settings;
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("kindCombo"));
    m_kind->addItems({QString(), QString()}); // SweepAnimation::Kind's order; texts in retranslate
    m_kind->setCurrentIndex(std::clamp(settings.value(key("kind"), 0).toInt(), 0, 1));
    m_part = new QComboBox(this);
    m_part->setObjectName(QStringLiteral("partCombo"));
    m_part->addItems({QString(), QString(), QString()}); // Exporter::Part's order
    m_part->setCurrentIndex(int(Exporter::partFromId(settings.value(key("part")).toString())
                                    .value_or(Exporter::Part::Canvas)));
    m_width =
        spin(this, "widthSpin", CommandLine::kMinExportSize, CommandLine::kMaxExportSize, 640);
    m_height =
        spin(this, "heightSpin", CommandLine::kMinExportSize, CommandLine::kMaxExportSize, 400);
    m_fps = spin(this, "fpsSpin", CommandLine::kMinFps, CommandLine::kMaxFps,
                 settings.value(key("fps"), 25).toInt());
    m_frames = spin(this, "framesSpin", CommandLine::kMinFrames, CommandLine::kMaxFrames,
                    settings.value(key("frames"), 48).toInt());
    m_loop =
        spin(this, "loopSpin", 0, CommandLine::kMaxLoop, settings.value(key("loop"), 0).toInt());
    m_durationLabel = new QLabel(this);
    m_durationLabel->setObjectName(QStringLiteral("durationLabel"));
    m_errorLabel = new QLabel(this);
    m_errorLabel->setObjectName(QStringLiteral("errorLabel"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #b00020")); // as the Export dialog's
    m_file = new QLineEdit(this);
    m_file->setObjectName(QStringLiteral("fileEdit"));
    m_file->setMinimumWidth(320);
    m_browse = new QPushButton(this);
    m_browse->setObjectName(QStringLiteral("browseButton"));
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);

    auto *size = new QHBoxLayout;
    size->addWidget(m_width);
    size->addWidget(new QLabel(QStringLiteral("×"), this));
    size->addWidget(m_height);
    size->addStretch();
    auto *file = new QHBoxLayout;
    file->addWidget(m_file, 1);
    file->addWidget(m_browse);
    m_form = new QFormLayout;
    for (QLabel *&label : m_labels)
        label = new QLabel(this);
    m_labels[0]->setBuddy(m_kind);
    m_labels[1]->setBuddy(m_part);
    m_labels[2]->setBuddy(m_width);
    m_labels[3]->setBuddy(m_fps);
    m_labels[4]->setBuddy(m_frames);
    m_labels[5]->setBuddy(m_loop);
    m_labels[7]->setBuddy(m_file);
    m_form->addRow(m_labels[0], m_kind);
    m_form->addRow(m_labels[1], m_part);
    m_form->addRow(m_labels[2], size);
    m_form->addRow(m_labels[3], m_fps);
    m_form->addRow(m_labels[4], m_frames);
    m_form->addRow(m_labels[5], m_loop);
    m_form->addRow(m_labels[6], m_durationLabel);
    m_form->addRow(m_labels[7], file);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(m_form);
    layout->addWidget(m_errorLabel);
    layout->addWidget(m_buttons);

    QString folder = settings.value(key("folder")).toString();
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QDir::homePath();
    m_file->setText(QDir(folder).filePath(QStringLiteral("attention-canvas.gif")));

    retranslate();
    onPartChanged();
    connect(m_part, &QComboBox::currentIndexChanged, this, &AnimationDialog::onPartChanged);
    for (QSpinBox *s : {m_fps, m_frames})
        connect(s, &QSpinBox::valueChanged, this, &AnimationDialog::refresh);
    connect(m_browse, &QPushButton::clicked, this, &AnimationDialog::browse);
    connect(m_file, &QLineEdit::textEdited, this, [this] { m_confirmed = false; });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &AnimationDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

AnimationDialog::~AnimationDialog() = default;

void AnimationDialog::retranslate()
{
    setWindowTitle(tr("Export Animation"));
    m_kind->setItemText(0, SweepAnimation::name(SweepAnimation::Kind::RotateQuery));
    m_kind->setItemText(1, SweepAnimation::name(SweepAnimation::Kind::Temperature));
    m_part->setItemText(0, tr("Whole window"));
    m_part->setItemText(1, tr("Canvas"));
    m_part->setItemText(2, tr("Weight chart"));
    m_loop->setSpecialValueText(tr("Forever"));
    m_fps->setSuffix(tr(" per second"));
    m_browse->setText(tr("&Browse…"));
    const QString labels[] = {tr("Animation:"),  tr("Part:"),   tr("Size in pixels:"),
                              tr("Frame rate:"), tr("Frames:"), tr("Loop count:"),
                              tr("Duration:"),   tr("File:")};
    for (int row = 0; row < m_form->rowCount(); ++row)
        if (auto *label =
                qobject_cast<QLabel *>(m_form->itemAt(row, QFormLayout::LabelRole)
                                           ? m_form->itemAt(row, QFormLayout::LabelRole)->widget()
                                           : nullptr))
            label->setText(labels[row]);
    m_loop->setToolTip(tr("How many times players repeat the animation; Forever (0) repeats "
                          "without end."));
    refresh();
}

AnimationExport::Options AnimationDialog::options() const
{
    AnimationExport::Options o;
    o.kind = SweepAnimation::Kind(m_kind->currentIndex());
    o.frames = m_frames->value();
    o.picture.part = Exporter::Part(m_part->currentIndex());
    o.picture.size = QSize(m_width->value(), m_height->value());
    o.picture.scale = 1;
    o.gif.fps = m_fps->value();
    o.gif.loop = m_loop->value();
    return o;
}

QString AnimationDialog::filePath() const
{
    return m_file->text().trimmed();
}

void AnimationDialog::setFilePath(const QString &path)
{
    m_file->setText(path);
    m_confirmed = false;
}

void AnimationDialog::onPartChanged()
{
    const Exporter::Part part = Exporter::Part(m_part->currentIndex());
    const QSize least = m_exporter.minimumSize(part);
    m_width->setMinimum(std::max(CommandLine::kMinExportSize, least.width()));
    m_height->setMinimum(std::max(CommandLine::kMinExportSize, least.height()));
    // The part as it is on screen: what the teacher sees is what the slide gets.
    const QSize natural = m_exporter.naturalSize(part);
    m_width->setValue(natural.width());
    m_height->setValue(natural.height());
    refresh();
}

void AnimationDialog::refresh()
{
    const double seconds = double(m_frames->value()) * GifWriter::delayFor(m_fps->value()) / 100;
    m_durationLabel->setText(tr("%1 s per loop").arg(QLocale().toString(seconds, 'g', 3)));
    m_errorLabel->clear();
}

void AnimationDialog::browse()
{
    const QString filter = tr("GIF animations (*.gif)");
    QString path = QFileDialog::getSaveFileName(this, tr("Export Animation"), filePath(), filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().toLower() != QLatin1String("gif"))
        path += QStringLiteral(".gif");
    m_file->setText(path);
    m_confirmed = true;
}

void AnimationDialog::saveSettings() const
{
    QSettings settings;
    settings.setValue(key("kind"), m_kind->currentIndex());
    settings.setValue(key("part"), Exporter::partId(Exporter::Part(m_part->currentIndex())));
    settings.setValue(key("fps"), m_fps->value());
    settings.setValue(key("frames"), m_frames->value());
    settings.setValue(key("loop"), m_loop->value());
    settings.setValue(key("folder"), QFileInfo(filePath()).absolutePath());
}

void AnimationDialog::accept()
{
    const QString path = filePath();
    if (path.isEmpty()) {
        m_errorLabel->setText(tr("Choose a file to write the animation to."));
        return;
    }
    if (QFileInfo(path).suffix().toLower() != QLatin1String("gif")) {
        m_errorLabel->setText(tr("The file name must end in .gif."));
        return;
    }
    if (!m_confirmed && QFileInfo::exists(path) &&
        QMessageBox::question(
            this, tr("Replace the File?"),
            tr("%1 already exists. Replace it?").arg(QDir::toNativeSeparators(path))) !=
            QMessageBox::Yes)
        return;

    AnimationExport animation(m_source, m_model, options());
    if (const QString why = animation.problem(); !why.isEmpty()) {
        m_errorLabel->setText(why);
        return;
    }
    QProgressDialog progress(tr("Drawing the frames…"), tr("Cancel"), 0, animation.total(), this);
    progress.setObjectName(QStringLiteral("animationProgress"));
    progress.setWindowTitle(tr("Export Animation"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    // The frames are drawn here, one per slice, and quantised and written in a worker; between
    // slices, and every few milliseconds while the worker is behind, the events: the window
    // repaints and Cancel is heard.
    animation.encodeInWorker();
    while (animation.step()) {
        progress.setValue(animation.done());
        WorkerWait::letEventsIn(animation.waiting());
        if (progress.wasCanceled()) {
            animation.restore();
            return; // nothing was written; the dialog stays for another try
        }
    }
    progress.setValue(progress.maximum());
    QString error;
    if (!animation.finished()) {
        m_errorLabel->setText(animation.error());
        return;
    }
    if (!animation.write(path, &error)) {
        m_errorLabel->setText(error);
        return;
    }
    saveSettings();
    QDialog::accept();
}

void AnimationDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}
