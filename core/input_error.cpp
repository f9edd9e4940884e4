#include "core/input_error.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace patience {

std::string in_quotes(std::string_view text) {
    constexpr std::size_t kShown = 60;
    std::string out = "'";
    for (std::size_t i = 0; i < text.size() && i < kShown; ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += "\\t";
        } else if (c < 0x20 || c >= 0x7f) {
            static constexpr char kHex[] = "0123456789abcdef";
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 15];
        } else {
            out += static_cast<char>(c);
        }
    }
    if (text.size() > kShown) out += "...";
    return out + "'";
}

namespace {

std::string too_large(const std::string& name, std::uint64_t max_bytes) {
    return name + ": the file is larger than " + std::to_string(max_bytes >> 10) +
           " KiB, far more than such a file holds (is it the right file?)";
}

// Reads `in` to its end, or throws once it has given more than `max_bytes` (0: no cap).
std::string read_capped(std::istream& in, const std::string& name, std::uint64_t max_bytes) {
    std::string text;
    char buffer[65536];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        text.append(buffer, static_cast<std::size_t>(in.gcount()));
        if (max_bytes != kNoSizeCap && text.size() > max_bytes) {
            throw InputError(too_large(name, max_bytes));
        }
    }
    if (in.bad()) throw InputError(name + ": cannot read file: " + std::strerror(errno));
    return text;
}

}  // namespace

std::string read_text_file(const std::string& path, std::uint64_t max_bytes) {
    if (path == "-") return read_capped(std::cin, "<stdin>", max_bytes);
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        throw InputError(path + ": cannot read file: it is a directory");
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path + ": cannot open file: " + std::strerror(errno));
    // A regular file says its size up front: refuse an oversized one without reading it.
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && max_bytes != kNoSizeCap && size > max_bytes) {
        throw InputError(too_large(path, max_bytes));
    }
    return read_capped(in, path, max_bytes);
}

}  // namespace patience
