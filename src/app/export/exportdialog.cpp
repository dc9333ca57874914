#include "export/exportdialog.h"

#include "export/pictureinbands.h"
#include "model/commandline.h"
#include "ui_exportdialog.h"
#include "widgets/workerwait.h"

#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFuture>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <atomic>
#include <memory>

namespace {
// What the worker that encodes and writes a PNG says.
struct PngWritten
{
    bool cancelled = false; ///< Cancel came before the file was replaced
    QString error;          ///< translated; empty when written (or cancelled)
};

// The combo boxes list parts, formats and scales in the enums' order.
constexpr int kScales[] = {1, 2, 4};

QString key(const char *name)
{
    return QStringLiteral("export/") + QLatin1String(name);
}

int scaleIndex(int scale)
{
    const auto it = std::find(std::begin(kScales), std::end(kScales), scale);
    return it == std::end(kScales) ? 1 : int(it - std::begin(kScales));
}
} // namespace

ExportDialog::ExportDialog(const ExportSource &source, QWidget *parent)
    : QDialog(parent), m_ui(std::make_unique<Ui::ExportDialog>()), m_exporter(source)
{
    m_ui->setupUi(this);

    const Exporter::Options saved = savedOptions();
    const QSettings settings;
    m_ui->partCombo->setCurrentIndex(int(saved.part));
    m_ui->formatCombo->setCurrentIndex(
        std::clamp(settings.value(key("format"), 0).toInt(), 0, m_ui->formatCombo->count() - 1));
    m_ui->scaleCombo->setCurrentIndex(scaleIndex(saved.scale));
    m_ui->transparentCheck->setChecked(saved.transparent);
    m_ui->captionCheck->setChecked(saved.caption);
    QString folder = settings.value(key("folder")).toString();
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QDir::homePath();
    m_ui->fileEdit->setText(
        QDir(folder).filePath(QStringLiteral("attention-canvas.") + Exporter::suffix(format())));
    onPartChanged();

    connect(m_ui->partCombo, &QComboBox::currentIndexChanged, this, &ExportDialog::onPartChanged);
    connect(m_ui->formatCombo, &QComboBox::currentIndexChanged, this,
            &ExportDialog::onFormatChanged);
    connect(m_ui->scaleCombo, &QComboBox::currentIndexChanged, this, &ExportDialog::refresh);
    connect(m_ui->widthSpin, &QSpinBox::valueChanged, this, &ExportDialog::refresh);
    connect(m_ui->heightSpin, &QSpinBox::valueChanged, this, &ExportDialog::refresh);
    connect(m_ui->captionCheck, &QCheckBox::toggled, this, &ExportDialog::refresh);
    connect(m_ui->naturalButton, &QPushButton::clicked, this, &ExportDialog::useNaturalSize);
    connect(m_ui->browseButton, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(m_ui->fileEdit, &QLineEdit::textEdited, this, [this] { m_confirmed = false; });
    connect(m_ui->fileEdit, &QLineEdit::editingFinished, this, &ExportDialog::onFileEdited);
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    refresh();
}

ExportDialog::~ExportDialog() = default;

Exporter::Options ExportDialog::savedOptions()
{
    const QSettings settings;
    Exporter::Options o;
    o.part = Exporter::partFromId(settings.value(key("part")).toString())
                 .value_or(Exporter::Part::Canvas);
    // 2× by default: pictures go onto slides and projectors, where 1× looks soft.
    o.scale = kScales[scaleIndex(settings.value(key("scale"), 2).toInt())];
    o.transparent = settings.value(key("transparent"), false).toBool();
    o.caption = settings.value(key("caption"), false).toBool();
    return o;
}

void ExportDialog::saveSettings() const
{
    QSettings settings;
    const Exporter::Options o = options();
    settings.setValue(key("part"), Exporter::partId(o.part));
    settings.setValue(key("format"), int(format()));
    settings.setValue(key("scale"), o.scale);
    settings.setValue(key("transparent"), m_ui->transparentCheck->isChecked());
    settings.setValue(key("caption"), o.caption);
    settings.setValue(key("folder"), QFileInfo(filePath()).absolutePath());
}

Exporter::Options ExportDialog::options() const
{
    Exporter::Options o;
    o.part = Exporter::Part(m_ui->partCombo->currentIndex());
    o.size = QSize(m_ui->widthSpin->value(), m_ui->heightSpin->value());
    o.scale = format() == Exporter::Format::Png ? kScales[m_ui->scaleCombo->currentIndex()] : 1;
    o.transparent = m_ui->transparentCheck->isEnabled() && m_ui->transparentCheck->isChecked();
    o.caption = m_ui->captionCheck->isChecked();
    return o;
}

Exporter::Format ExportDialog::format() const
{
    return Exporter::Format(m_ui->formatCombo->currentIndex());
}

QString ExportDialog::filePath() const
{
    return m_ui->fileEdit->text().trimmed();
}

void ExportDialog::setFilePath(const QString &path)
{
    m_ui->fileEdit->setText(path);
    m_confirmed = false;
    onFileEdited();
}

void ExportDialog::onPartChanged()
{
    const Exporter::Part part = Exporter::Part(m_ui->partCombo->currentIndex());
    const QSize least = m_exporter.minimumSize(part);
    m_ui->widthSpin->setMinimum(std::max(CommandLine::kMinExportSize, least.width()));
    m_ui->heightSpin->setMinimum(std::max(CommandLine::kMinExportSize, least.height()));
    useNaturalSize();
}

void ExportDialog::useNaturalSize()
{
    const QSize size = m_exporter.naturalSize(Exporter::Part(m_ui->partCombo->currentIndex()));
    m_ui->widthSpin->setValue(size.width());
    m_ui->heightSpin->setValue(size.height());
    refresh();
}

void ExportDialog::onFormatChanged()
{
    // Keep the file name's suffix in step with the format.
    const QString path = filePath();
    if (!path.isEmpty()) {
        const QFileInfo info(path);
        const QString wanted = Exporter::suffix(format());
        if (info.suffix().toLower() != wanted) {
            const QString base = Exporter::formatFromPath(path)
                                     ? path.left(path.size() - info.suffix().size() - 1)
                                     : path;
            m_ui->fileEdit->setText(base + QLatin1Char('.') + wanted);
            m_confirmed = false;
        }
    }
    refresh();
}

void ExportDialog::onFileEdited()
{
    // A typed suffix chooses the format.
    if (const auto f = Exporter::formatFromPath(filePath()); f && *f != format())
        m_ui->formatCombo->setCurrentIndex(int(*f));
    refresh();
}

void ExportDialog::browse()
{
    const QString filters[] = {tr("PNG images (*.png)"), tr("SVG drawings (*.svg)"),
                               tr("PDF documents (*.pdf)")};
    QString filter = filters[int(format())];
    QString path = QFileDialog::getSaveFileName(this, tr("Export Picture"), filePath(),
                                                filters[0] + QStringLiteral(";;") + filters[1] +
                                                    QStringLiteral(";;") + filters[2],
                                                &filter);
    if (path.isEmpty())
        return;
    if (!Exporter::formatFromPath(path)) {
        const auto chosen = std::find(std::begin(filters), std::end(filters), filter);
        const auto f =
            chosen == std::end(filters) ? format() : Exporter::Format(chosen - std::begin(filters));
        path += QLatin1Char('.') + Exporter::suffix(f);
    }
    m_ui->fileEdit->setText(path);
    onFileEdited();
    m_confirmed = true;
}

void ExportDialog::refresh()
{
    const Exporter::Options o = options();
    const Exporter::Format f = format();
    m_ui->scaleCombo->setEnabled(f == Exporter::Format::Png);
    m_ui->transparentCheck->setEnabled(o.part != Exporter::Part::Window &&
                                       f != Exporter::Format::Pdf);

    const qint64 w = qint64(o.size.width()) * o.scale, h = qint64(o.size.height()) * o.scale;
    const bool tooLarge = w > CommandLine::kMaxExportSide || h > CommandLine::kMaxExportSide ||
                          w * h > CommandLine::kMaxExportPixels;
    if (tooLarge)
        m_ui->pixelLabel->setText(tr("Too large: at most %1 pixels a side and 100 million in all.")
                                      .arg(CommandLine::kMaxExportSide));
    else if (f == Exporter::Format::Png)
        m_ui->pixelLabel->setText(tr("The image will be %1 × %2 pixels.").arg(w).arg(h));
    else
        m_ui->pixelLabel->setText(tr("A vector drawing: sharp at any size."));

    m_ui->captionPreview->setVisible(o.caption);
    m_ui->captionPreview->setText(m_exporter.caption());
    m_ui->buttonBox->button(QDialogButtonBox::Save)->setEnabled(!tooLarge);
    m_ui->errorLabel->clear();
}

void ExportDialog::accept()
{
    const QString path = filePath();
    if (path.isEmpty()) {
        m_ui->errorLabel->setText(tr("Choose a file to write the picture to."));
        return;
    }
    if (!Exporter::formatFromPath(path)) {
        m_ui->errorLabel->setText(
            tr("The file name must end in .png, .svg or .pdf, as the format says."));
        return;
    }
    if (!m_confirmed && QFileInfo::exists(path) &&
        QMessageBox::question(
            this, tr("Replace the File?"),
            tr("%1 already exists. Replace it?").arg(QDir::toNativeSeparators(path))) !=
            QMessageBox::Yes)
        return;

    QString error;
    const bool written = format() == Exporter::Format::Png
                             ? writePng(path, &error)
                             : m_exporter.write(path, format(), options(), &error);
    if (!written) {
        m_ui->errorLabel->setText(error);
        return;
    }
    saveSettings();
    QDialog::accept();
}

bool ExportDialog::writePng(const QString &path, QString *error)
{
    const Exporter::Options o = options();
    PictureInBands picture(m_exporter, o);
    if (picture.isNull()) {
        const QSize size = (o.size.isValid() ? o.size : m_exporter.naturalSize(o.part)) * o.scale;
        *error = tr("There is not enough memory for a picture of %1 × %2 pixels.")
                     .arg(size.width())
                     .arg(size.height());
        return false;
    }
    QProgressDialog progress(tr("Drawing the picture…"), tr("Cancel"), 0, picture.bandCount() + 1,
                             this);
    progress.setObjectName(QStringLiteral("pictureProgress"));
    progress.setWindowTitle(windowTitle());
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(250);
    const QString cancelled = tr("Cancelled: nothing was written.");
    if (!picture.drawAll(progress)) {
        *error = cancelled;
        return false;
    }
    // Encoding 67 million pixels takes seconds: in a worker, which gives up before replacing
    // the file if Cancel came meanwhile (it keeps its own copy of the picture and the flag).
    progress.setLabelText(tr("Writing the PNG file…"));
    progress.setValue(picture.bandCount());
    const auto stop = std::make_shared<std::atomic<bool>>(false);
    QFuture<PngWritten> written =
        QtConcurrent::run([image = picture.take(), path, stop]() -> PngWritten {
            PngWritten out;
            const QByteArray bytes = Exporter::encodePng(image, &out.error);
            if (!bytes.isEmpty() && !Exporter::writeFile(path, bytes, &out.error, stop.get()))
                out.cancelled = out.error.isEmpty();
            return out;
        });
    if (!WorkerWait::waitFor(
            progress, [&written] { return written.isFinished(); }, *stop)) {
        *error = cancelled;
        return false;
    }
    progress.setValue(progress.maximum());
    const PngWritten result = written.result();
    *error = result.cancelled ? cancelled : result.error;
    return error->isEmpty();
}

void ExportDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        refresh();
    }
    QDialog::changeEvent(event);
}
