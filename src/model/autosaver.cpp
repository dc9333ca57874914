#include "autosaver.h"

#include "core/scenefile.h"
#include "scenemodel.h"
#include "scenestorage.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QMutexLocker>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QUuid>
#include <QtConcurrent>

#include <algorithm>

namespace {
// Scenes keep the name they always had, so that an autosave left by an earlier version is
// still offered; the other kinds put their name first, so that "autosave-*" never lists them.
const QString kScenePrefix = QStringLiteral("autosave-");
const QString kSequencePrefix = QStringLiteral("sequence-autosave-");
const QString kLessonPrefix = QStringLiteral("lesson-autosave-");
const QString kSceneSuffix = QStringLiteral(".json");
const QString kLockSuffix = QStringLiteral(".lock");
// A stray file of a running session younger than this may be its write in progress.
constexpr qint64 kStrayAgeSeconds = 60;

QList<Autosaver *> &started()
{
    static QList<Autosaver *> list;
    return list;
}

// A lock counts as held only while its process lives: a lock older than some age is not stale
// for us (a teacher may keep a window open for days), so the age rule is switched off.
bool heldByLiveProcess(const QString &lockPath)
{
    if (!QFileInfo::exists(lockPath))
        return false;
    QLockFile probe(lockPath);
    probe.setStaleLockTime(0);
    if (!probe.tryLock(0))
        return probe.error() == QLockFile::LockFailedError;
    // It was stale (its process is gone) and tryLock took it over; unlock removes it.
    probe.unlock();
    return false;
}
} // namespace

Autosaver::Autosaver(QObject *parent) : Autosaver(Kind::Scene, parent) {}

Autosaver::Autosaver(Kind kind, QObject *parent) : QObject(parent), m_kind(kind)
{
    // One thread: the writes happen one at a time, in the order they were asked for.
    m_pool.setMaxThreadCount(1);
    connect(&m_timer, &QTimer::timeout, this, &Autosaver::requestAutosave);
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &Autosaver::workerFinished);
}

// Without cleanExit() the autosave stays on disk: only a clean exit may drop unsaved work. A
// write in flight finishes first (its copy is its own; it must not outlive what it uses).
Autosaver::~Autosaver()
{
    started().removeAll(this);
    m_pending.reset();
    m_pool.waitForDone();
}

QString Autosaver::prefix() const
{
    switch (m_kind) {
    case Kind::Sequence:
        return kSequencePrefix;
    case Kind::Lesson:
        return kLessonPrefix;
    case Kind::Scene:
        break;
    }
    return kScenePrefix;
}

QString Autosaver::writeFailure(const QString &path, const QString &reason) const
{
    const QString where = QDir::toNativeSeparators(path);
    switch (m_kind) {
    case Kind::Sequence:
        return tr("The sequence could not be autosaved to %1: %2").arg(where, reason);
    case Kind::Lesson:
        return tr("The lesson could not be autosaved to %1: %2").arg(where, reason);
    case Kind::Scene:
        break;
    }
    return tr("The scene could not be autosaved to %1: %2").arg(where, reason);
}

QString Autosaver::folder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/autosave");
}

QString Autosaver::autosavePath() const
{
    return m_id.isEmpty() ? QString()
                          : folder() + QLatin1Char('/') + prefix() + m_id + kSceneSuffix;
}

QString Autosaver::nothingToRecover() const
{
    switch (m_kind) {
    case Kind::Sequence:
        return tr("There is no autosaved sequence to recover.");
    case Kind::Lesson:
        return tr("There is no autosaved lesson to recover.");
    case Kind::Scene:
        break;
    }
    return tr("There is no autosaved scene to recover.");
}

QString Autosaver::unreadable(const QString &why) const
{
    switch (m_kind) {
    case Kind::Sequence:
        return tr("The autosaved sequence cannot be read: %1").arg(why);
    case Kind::Lesson:
        return tr("The autosaved lesson cannot be read: %1").arg(why);
    case Kind::Scene:
        break;
    }
    return tr("The autosaved scene cannot be read: %1").arg(why);
}

QString Autosaver::cannotCopy(const QString &path) const
{
    const QString where = QDir::toNativeSeparators(path);
    switch (m_kind) {
    case Kind::Sequence:
        return tr("The autosaved sequence cannot be copied to %1.").arg(where);
    case Kind::Lesson:
        return tr("The autosaved lesson cannot be copied to %1.").arg(where);
    case Kind::Scene:
        break;
    }
    return tr("The autosaved scene cannot be copied to %1.").arg(where);
}

bool Autosaver::start(SceneModel *model, std::chrono::milliseconds interval)
{
    if (m_lock)
        return true;
    m_kind = Kind::Scene;
    // The scene is a value: the copy is the worker's own.
    m_provider = [this]() -> Serialiser {
        if (!m_model)
            return {};
        return [scene = m_model->scene()] {
            return QByteArray::fromStdString(attn::writeScene(scene));
        };
    };
    m_model = model;
    if (!begin(interval)) {
        m_model = nullptr;
        return false;
    }
    // Every edit and every replacement of the scene emits changed().
    connect(model, &SceneModel::changed, this, &Autosaver::markChanged);
    return true;
}

bool Autosaver::start(SnapshotProvider provider, std::chrono::milliseconds interval)
{
    if (m_lock)
        return true;
    m_provider = std::move(provider);
    return begin(interval);
}

bool Autosaver::begin(std::chrono::milliseconds interval)
{
    const QString dir = folder();
    if (!QDir().mkpath(dir)) {
        emit failed(tr("Autosave is off: the folder %1 cannot be created.")
                        .arg(QDir::toNativeSeparators(dir)));
        return false;
    }
    m_id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    auto lock = std::make_unique<QLockFile>(dir + QLatin1Char('/') + prefix() + m_id + kLockSuffix);
    lock->setStaleLockTime(0);
    if (!lock->tryLock(0)) {
        m_id.clear();
        emit failed(tr("Autosave is off: the folder %1 cannot be written.")
                        .arg(QDir::toNativeSeparators(dir)));
        return false;
    }
    m_lock = std::move(lock);
    removeStaleLocks();
    removeStrayTemporaries();
    m_dirty = false;
    // A very coarse timer keeps whole seconds: one of less than half a second would fire at
    // every pass of the event loop (the tests' short intervals).
    m_timer.setTimerType(interval < std::chrono::seconds(1) ? Qt::CoarseTimer
                                                            : Qt::VeryCoarseTimer);
    m_timer.start(interval);
    started().append(this);
    return true;
}

QList<Autosaver::Orphan> Autosaver::orphans() const
{
    QList<Orphan> found;
    const QDir dir(folder());
    const QStringList names =
        dir.entryList({prefix() + QLatin1Char('*') + kSceneSuffix}, QDir::Files | QDir::Hidden);
    const QString own = m_id.isEmpty() ? QString() : prefix() + m_id + kSceneSuffix;
    for (const QString &name : names) {
        if (name == own)
            continue;
        const QString base = name.chopped(kSceneSuffix.size());
        Orphan o{dir.filePath(name), dir.filePath(base + kLockSuffix), {}};
        if (heldByLiveProcess(o.lockPath))
            continue;
        o.written = QFileInfo(o.scenePath).lastModified();
        found << o;
    }
    std::sort(found.begin(), found.end(),
              [](const Orphan &a, const Orphan &b) { return a.written > b.written; });
    return found;
}

void Autosaver::removeStaleLocks() const
{
    // A session that ended abnormally before it had anything to autosave leaves only its lock:
    // nothing to offer, and without this every crash would leave one more file behind.
    const QDir dir(folder());
    const QString own = prefix() + m_id + kLockSuffix;
    const QStringList locks =
        dir.entryList({prefix() + QLatin1Char('*') + kLockSuffix}, QDir::Files | QDir::Hidden);
    for (const QString &name : locks) {
        const QString scene = name.chopped(kLockSuffix.size()) + kSceneSuffix;
        if (name != own && !dir.exists(scene))
            heldByLiveProcess(dir.filePath(name)); // takes a stale lock over and removes it
    }
}

int Autosaver::removeStrayTemporaries()
{
    // An autosave killed just before its rename leaves "<prefix><id>.json.XXXXXX" (QSaveFile's
    // six letters or digits; the id is a UUID). The name says whose it was: when no live process
    // holds that session's lock, nobody can still be writing it. Only names of exactly this shape
    // go, so that nothing else in the folder is touched.
    static const QRegularExpression pattern(
        QStringLiteral("^((?:sequence-|lesson-)?autosave-[A-Za-z0-9-]+)\\.json\\.[A-Za-z0-9]{6}$"));
    const QDir dir(folder());
    const QDateTime now = QDateTime::currentDateTimeUtc();
    int removed = 0;
    const QStringList names = dir.entryList({QStringLiteral("*.json.??????")},
                                            QDir::Files | QDir::Hidden | QDir::NoSymLinks);
    for (const QString &name : names) {
        const auto match = pattern.match(name);
        if (!match.hasMatch())
            continue;
        const QFileInfo stray(dir.filePath(name));
        const bool running = heldByLiveProcess(dir.filePath(match.captured(1) + kLockSuffix));
        if (running && stray.lastModified().toUTC().secsTo(now) < kStrayAgeSeconds)
            continue;
        if (QFile::remove(stray.filePath()))
            ++removed;
    }
    return removed;
}

bool Autosaver::recoverable() const
{
    return !orphans().isEmpty();
}

QDateTime Autosaver::recoverableTime() const
{
    const auto list = orphans();
    return list.isEmpty() ? QDateTime() : list.constFirst().written;
}

void Autosaver::removeOrphan(const Orphan &orphan)
{
    QFile::remove(orphan.scenePath);
    // Only a lock that no live process holds is removed (heldByLiveProcess takes a stale one
    // over and drops it).
    heldByLiveProcess(orphan.lockPath);
}

std::optional<attn::Scene> Autosaver::recover(QString *error)
{
    std::optional<attn::Scene> scene;
    const auto bytes = recoverBytes(
        [&scene](const QByteArray &text, QString *why) {
            scene = SceneStorage::parse(text, why);
            return scene.has_value();
        },
        error);
    if (!bytes)
        return std::nullopt;
    return scene;
}

std::optional<QByteArray> Autosaver::recoverBytes(const Validator &accept, QString *error)
{
    const auto list = orphans();
    if (list.isEmpty()) {
        if (error)
            *error = nothingToRecover();
        return std::nullopt;
    }
    const Orphan &newest = list.constFirst();
    // Read as a file of its kind is (regular, within the sequence limit, which is the largest),
    // then checked by the caller.
    QString why;
    const auto text = SceneStorage::probe(newest.scenePath);
    if (!text)
        why = tr("The file cannot be read.");
    if (!text || !accept(*text, &why)) {
        if (error)
            *error = unreadable(why);
        return std::nullopt;
    }
    if (m_lock) {
        // The recovered document is this session's unsaved work from now on: it is on disk
        // under this session's name before the earlier session's copy goes.
        if (!write(*text)) {
            if (error)
                *error = cannotCopy(autosavePath());
            return std::nullopt;
        }
        removeOrphan(newest);
    }
    return text;
}

void Autosaver::discard()
{
    const auto list = orphans();
    for (const Orphan &o : list)
        removeOrphan(o);
}

bool Autosaver::write(const QByteArray &text)
{
    // Whatever the worker had in hand is older than this: it gives up, and this write's rename
    // comes after any of its own.
    invalidate();
    // All or nothing: a crash or a full disk in the middle of a write keeps the previous
    // autosave.
    QString reason;
    const quint64 generation = m_generation;
    SceneStorage::LastWord word{&m_fileLock,
                                [this, generation] { return m_generation == generation; }};
    if (!SceneStorage::writeAtomically(autosavePath(), text, &reason, SceneStorage::Record::No,
                                       &word)) {
        emit failed(writeFailure(autosavePath(), reason));
        return false;
    }
    m_lastWritten = text;
    emit saved(autosavePath());
    return true;
}

Autosaver::Outcome Autosaver::run(const Job &job, const QByteArray &saved,
                                  const QByteArray &lastWritten, const QString &path)
{
    Outcome outcome{Outcome::Kind::Unchanged, job.generation, {}, {}};
    auto current = [this, &job] { return m_generation == job.generation; };
    if (!current()) {
        outcome.kind = Outcome::Kind::Withdrawn;
        return outcome;
    }
    const QByteArray text = job.serialise();
    if (text.isEmpty())
        return outcome;
    // Serialising takes long: a generation that came meanwhile (a clean exit waits for this)
    // makes the write pointless.
    if (!current()) {
        outcome.kind = Outcome::Kind::Withdrawn;
        return outcome;
    }
    // Back to what a file holds (an edit undone, a run reset): nothing is unsaved.
    if (!saved.isEmpty() && text == saved) {
        const QMutexLocker locker(&m_fileLock);
        if (!current()) {
            outcome.kind = Outcome::Kind::Withdrawn;
            return outcome;
        }
        QFile::remove(path);
        outcome.kind = Outcome::Kind::Removed;
        return outcome;
    }
    // changed() also comes for what a file does not hold (the normalised view) and for edits
    // that were undone: only a document that differs from the last write is written.
    if (text == lastWritten)
        return outcome;
    // All or nothing: a crash or a full disk in the middle of a write keeps the previous
    // autosave. The rename happens only while this generation is still the current one.
    SceneStorage::LastWord word{&m_fileLock, current};
    QString reason;
    if (SceneStorage::writeAtomically(path, text, &reason, SceneStorage::Record::No, &word)) {
        outcome.kind = Outcome::Kind::Written;
        outcome.bytes = text;
    } else if (word.withdrawn) {
        outcome.kind = Outcome::Kind::Withdrawn;
    } else {
        outcome.kind = Outcome::Kind::Failed;
        outcome.reason = reason;
    }
    return outcome;
}

void Autosaver::requestAutosave()
{
    if (!m_lock || !m_provider || !m_dirty || !m_modified)
        return;
    m_dirty = false;
    Serialiser copy = m_provider();
    if (!copy)
        return;
    // A copy still waiting is older than this one: it is never written.
    m_pending = Job{std::move(copy), m_generation};
    if (!m_busy)
        launch();
}

void Autosaver::launch()
{
    Job job = std::move(*m_pending);
    m_pending.reset();
    m_busy = true;
    // What the worker compares with, as it is once the previous outcome has been taken in.
    m_running = QtConcurrent::run(
        &m_pool, [this, job = std::move(job), saved = m_savedBytes, last = m_lastWritten,
                  path = autosavePath()] { return run(job, saved, last, path); });
    m_watcher.setFuture(m_running);
}

void Autosaver::workerFinished()
{
    // drain() may have taken this outcome in already.
    if (!m_busy || !m_running.isFinished())
        return;
    m_busy = false;
    finish(m_running.result());
    if (m_pending)
        launch();
}

bool Autosaver::finish(const Outcome &outcome)
{
    // Of an earlier generation: it touched no file, and the change that ended its generation
    // said what is due.
    if (outcome.generation != m_generation)
        return true;
    switch (outcome.kind) {
    case Outcome::Kind::Written:
        m_lastWritten = outcome.bytes;
        emit saved(autosavePath());
        return true;
    case Outcome::Kind::Removed:
        m_lastWritten.clear();
        return true;
    case Outcome::Kind::Failed:
        // Still due: the next tick tries again.
        m_dirty = true;
        emit failed(writeFailure(autosavePath(), outcome.reason));
        return false;
    case Outcome::Kind::Unchanged:
    case Outcome::Kind::Withdrawn:
        break;
    }
    return true;
}

bool Autosaver::drain()
{
    bool ok = true;
    // finish() emits: a slot may ask for another write, which is waited for too.
    while (m_busy || m_pending) {
        if (!m_busy)
            launch();
        m_running.waitForFinished();
        m_busy = false;
        ok = finish(m_running.result());
    }
    return ok;
}

bool Autosaver::autosaveNow()
{
    requestAutosave();
    return drain();
}

void Autosaver::invalidate(const std::function<void()> &change)
{
    // What was in hand is not written: due again, unless the caller knows better.
    if (m_pending || m_busy)
        m_dirty = true;
    m_pending.reset();
    const QMutexLocker locker(&m_fileLock);
    ++m_generation;
    if (change)
        change();
}

void Autosaver::sceneSaved()
{
    if (!m_lock)
        return;
    // Only a direct call on a document without a "modified" flag needs what the file holds:
    // setModified(true) forgets it again.
    if (m_provider && m_modified)
        if (const Serialiser copy = m_provider())
            m_lastWritten = copy();
    invalidate([this] { QFile::remove(autosavePath()); });
    m_dirty = false;
}

void Autosaver::setSavedBytes(const QByteArray &bytes)
{
    // A write in flight may be of work that this file now holds.
    invalidate();
    m_savedBytes = bytes;
    // The next tick compares; when the document is what the file holds, the autosave goes.
    m_lastWritten.clear();
    m_dirty = true;
}

void Autosaver::setModified(bool modified)
{
    if (modified == m_modified)
        return;
    m_modified = modified;
    if (!modified) {
        sceneSaved();
        return;
    }
    // Unsaved again, maybe with the very scene that sceneSaved() remembered (a recovered scene,
    // an undo back past the save): the file was removed, so the next tick writes it whatever
    // it holds.
    m_lastWritten.clear();
    m_dirty = true;
}

void Autosaver::cleanExit()
{
    m_timer.stop();
    if (!m_lock)
        return;
    started().removeAll(this);
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    // The file goes first (a write in flight then gives up before its rename), then the write
    // is waited for, so that not even its temporary file outlives the session.
    invalidate([this] { QFile::remove(autosavePath()); });
    m_pool.waitForDone();
    m_busy = false;
    m_lock->unlock();
    m_lock.reset();
    m_model = nullptr;
    m_id.clear();
}

bool Autosaver::terminate()
{
    m_timer.stop();
    if (!m_lock)
        return true;
    started().removeAll(this);
    // Waits for a write in flight, then writes what is unsaved now.
    const bool written = autosaveNow();
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    // The scene stays (when there is unsaved work); the lock goes, so it is not left stale and
    // the scene is an orphan the next start offers at once.
    m_lock->unlock();
    m_lock.reset();
    m_model = nullptr;
    return written;
}

bool Autosaver::terminateAll()
{
    bool written = true;
    // terminate() takes each out of the list.
    while (!started().isEmpty())
        written = started().constFirst()->terminate() && written;
    return written;
}
